import Foundation
import MemoriesCore

extension MemoriesBook {
    /// The other member; nil once they deleted their account (the book then has me alone).
    func friend(besides me: UUID?) -> Profile? {
        members.first { $0.id != me }
    }

    /// "With Ada", or what is left of the book when the friend has gone.
    func withWhom(besides me: UUID?) -> String {
        friend(besides: me).map { "With \($0.shownName)" } ?? "Your friend left Kindred"
    }
}

extension MemoriesPageSummary {
    /// When it entered the book: a letter's sending, a memory page's making.
    var placedDate: Date { placedAt ?? createdAt }

    /// "Letter from Ada", "Memory page you added".
    func title(viewer: UUID?) -> String {
        let mine = author.id == viewer
        switch kind {
        case .letter: return mine ? "Letter from you" : "Letter from \(author.shownName)"
        case .memory: return mine ? "Memory page you added" : "Memory page by \(author.shownName)"
        }
    }
}
