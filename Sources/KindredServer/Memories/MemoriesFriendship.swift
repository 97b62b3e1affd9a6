import Fluent
import Foundation

/// Two people's unordered pair as one value, the key every Memories table that is about a pair
/// is unique on: whoever asks first, there is one request, one friendship and one book.
struct MemoriesPair: Hashable, Sendable {
    let low: UUID
    let high: UUID

    init(_ one: UUID, _ other: UUID) {
        (low, high) = one.uuidString < other.uuidString ? (one, other) : (other, one)
    }

    var key: String { low.uuidString + ":" + high.uuidString }

    func other(than userID: UUID) -> UUID { userID == low ? high : low }
}

/// Someone asking someone else, by username, to be friends. One pending request per pair: a
/// request the other way is accepted instead of made.
final class MemoriesFriendRequest: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_friend_requests"

    @ID(key: .id) var id: UUID?
    @Parent(key: "requester_id") var requester: User
    @Parent(key: "recipient_id") var recipient: User
    @Field(key: "pair_key") var pairKey: String
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $requester, $recipient, $pairKey, $createdAt]
    }

    init() {}

    init(requester: UUID, recipient: UUID) {
        $requester.id = requester
        $recipient.id = recipient
        pairKey = MemoriesPair(requester, recipient).key
    }
}

/// Two friends and their book. The book exists before the friendship row and outlives it: no
/// friendship row means the book is archived (unfriended, blocked, or an account deleted).
final class MemoriesFriendship: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_friendships"

    @ID(key: .id) var id: UUID?
    @Field(key: "pair_key") var pairKey: String
    @Parent(key: "low_user_id") var lowUser: User
    @Parent(key: "high_user_id") var highUser: User
    @Parent(key: "book_id") var book: MemoriesBook
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $pairKey, $lowUser, $highUser, $book, $createdAt]
    }

    init() {}

    init(pair: MemoriesPair, bookID: UUID) {
        pairKey = pair.key
        $lowUser.id = pair.low
        $highUser.id = pair.high
        $book.id = bookID
    }

    var pair: MemoriesPair { MemoriesPair($lowUser.id, $highUser.id) }
}
