import SwiftUI

/// One line of news above a screen's content: what went wrong (red, with an optional way to try
/// again or to put it away), or what was just done. Models keep these as `error` and `status`;
/// this only draws them.
struct MessageRow: View {
    enum Tone {
        case error, done
    }

    let text: String
    var tone = Tone.error
    var retry: (@MainActor () async -> Void)?
    var dismiss: (@MainActor () -> Void)?

    var body: some View {
        HStack(alignment: .firstTextBaseline, spacing: 8) {
            Image(systemName: tone == .error ? "exclamationmark.triangle.fill" : "checkmark.circle.fill")
                .foregroundStyle(tone == .error ? Color.red : RinTheme.done)
                .accessibilityHidden(true)
            Text(text)
                .font(.subheadline)
                .frame(maxWidth: .infinity, alignment: .leading)
            if let retry {
                Button("Try again") { Task { await retry() } }
                    .buttonStyle(.borderless)
            }
            if let dismiss {
                Button {
                    dismiss()
                } label: {
                    Image(systemName: "xmark")
                }
                .buttonStyle(.borderless)
                .accessibilityLabel("Dismiss")
            }
        }
        .accessibilityElement(children: .contain)
    }
}
