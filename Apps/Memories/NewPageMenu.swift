import MemoriesCore
import SwiftUI

/// What can be added to a book: a letter (mine until I send it) or a memory page (shared at
/// once, for both of us to fill), each on the paper chosen; and my letters not yet sent.
struct NewPageMenu: View {
    let isAdding: Bool
    let newLetter: @MainActor (PageCanvas.Paper) -> Void
    let newMemoryPage: @MainActor (PageCanvas.Paper) -> Void
    let lettersInProgress: @MainActor () -> Void

    var body: some View {
        Menu {
            Menu {
                paperChoices(newLetter)
            } label: {
                Label("New letter", systemImage: "envelope")
            }
            Menu {
                paperChoices(newMemoryPage)
            } label: {
                Label("New memory page", systemImage: "photo.on.rectangle")
            }
            Button("Letters in progress…", systemImage: "tray.full") { lettersInProgress() }
        } label: {
            if isAdding {
                ProgressView()
            } else {
                Label("Add to the book", systemImage: "square.and.pencil")
            }
        }
        .disabled(isAdding)
    }

    @ViewBuilder private func paperChoices(_ choose: @escaping @MainActor (PageCanvas.Paper) -> Void) -> some View {
        ForEach(PageCanvas.Paper.allCases, id: \.self) { paper in
            Button(paper.displayName) { choose(paper) }
        }
    }
}

extension PageCanvas.Paper {
    var displayName: String {
        switch self {
        case .plain: "Plain paper"
        case .lined: "Lined paper"
        case .dotted: "Dotted paper"
        case .grid: "Squared paper"
        }
    }
}
