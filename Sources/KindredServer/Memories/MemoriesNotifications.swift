import Foundation

/// What Memories tells people's devices of: a friend's letter arrived. Memory pages added to a
/// shared book wait for the book to be opened (its activity shows them).
enum MemoriesNotifications {
    static let letters = NotificationKind(id: "memories.letters", label: "Letters from your friends")
    static let all = [letters]

    /// Each letter is its own notice (no topic): one must not replace another unread.
    static func letterArrived(from author: User, in bookID: UUID) -> PushNotice {
        let who = author.displayName.isEmpty ? author.username : author.displayName
        return PushNotice(kind: letters, title: MemoriesApp.name, body: "\(who) sent you a letter.",
                          route: "/memories/book/\(bookID.uuidString)")
    }
}
