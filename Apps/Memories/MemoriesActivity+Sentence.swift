import MemoriesCore

extension MemoriesActivity {
    /// What happened, after the person's name: "Ada" + " sent you a letter."
    var what: String {
        switch kind {
        case .friendRequested: "asked to be friends."
        case .friendAccepted: "is now your friend. Your book is on your shelf."
        case .letterArrived: "sent you a letter."
        case .pageAdded: "added a memory page to your book."
        }
    }

    /// Where a tap takes you: the book, open at the page, when there is one.
    var route: MemoriesRoute? {
        bookId.map { MemoriesRoute.book($0, openingAt: pageId) }
    }
}
