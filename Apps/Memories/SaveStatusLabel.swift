import MemoriesCore
import SwiftUI

/// How the page's saving is going, in a few words under the title: "Saved", "Saving…",
/// "Offline: 3 changes waiting".
struct SaveStatusLabel: View {
    let text: String
    let symbol: String
    /// Something needs the writer's attention (offline, refused, changed elsewhere).
    var isProblem = false

    var body: some View {
        Label(text, systemImage: symbol)
            .font(.caption)
            .foregroundStyle(isProblem ? Color.orange : Color.secondary)
            .lineLimit(1)
            .accessibilityLabel(text)
    }
}

extension SaveStatusLabel {
    init(_ state: PageEditorModel.SaveState) {
        switch state {
        case .saved: self.init(text: "Saved", symbol: "checkmark.circle")
        case .saving: self.init(text: "Saving…", symbol: "arrow.triangle.2.circlepath")
        case .offline(let waiting):
            self.init(text: "Offline: \(waiting == 1 ? "1 change" : "\(waiting) changes") waiting", symbol: "wifi.slash", isProblem: true)
        case .refused(let reason): self.init(text: "Not saved: \(reason)", symbol: "exclamationmark.triangle", isProblem: true)
        }
    }

    init(_ state: LetterComposerModel.SaveState) {
        switch state {
        case .saved: self.init(text: "Draft saved", symbol: "checkmark.circle")
        case .unsaved: self.init(text: "Editing", symbol: "pencil")
        case .saving: self.init(text: "Saving…", symbol: "arrow.triangle.2.circlepath")
        case .offline: self.init(text: "Offline: not saved yet", symbol: "wifi.slash", isProblem: true)
        case .changedElsewhere: self.init(text: "Changed on another device", symbol: "exclamationmark.triangle", isProblem: true)
        case .sent: self.init(text: "Sent", symbol: "paperplane")
        }
    }
}
