import Fluent
import Foundation

/// The book two friends share. Made with the friendship, in the same transaction; kept when the
/// friendship ends (archived), and opened again if they become friends again.
final class MemoriesBook: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_books"

    @ID(key: .id) var id: UUID?
    /// The pair it was made for; a book is never made twice for one pair.
    @Field(key: "pair_key") var pairKey: String
    @Field(key: "title") var title: String
    @Field(key: "cover_color") var coverColor: String
    @OptionalParent(key: "cover_media_id") var coverMedia: MediaItem?
    @OptionalField(key: "created_at") var createdAt: Date?
    @Field(key: "last_activity_at") var lastActivityAt: Date
    @Children(for: \.$book) var members: [MemoriesBookMember]

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $pairKey, $title, $coverColor, $coverMedia, $createdAt, $lastActivityAt, $members]
    }

    init() {}

    init(pair: MemoriesPair, title: String, coverColor: String, now: Date) {
        pairKey = pair.key
        self.title = title
        self.coverColor = coverColor
        lastActivityAt = now
    }
}

/// One of a book's (at most two) readers, and how far they have read its letters. The row goes
/// with its account; the book stays for the other.
final class MemoriesBookMember: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_book_members"

    @ID(key: .id) var id: UUID?
    @Parent(key: "book_id") var book: MemoriesBook
    @Parent(key: "user_id") var user: User
    /// Letters placed up to here have been seen.
    @OptionalField(key: "read_through") var readThrough: Date?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $book, $user, $readThrough, $createdAt]
    }

    init() {}

    init(bookID: UUID, userID: UUID) {
        $book.id = bookID
        $user.id = userID
    }
}

/// An upload placed in a book (on a page or as its cover): from then on both members may see it,
/// through signed URLs, and no sweep removes it.
final class MemoriesBookMedia: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_book_media"

    @ID(key: .id) var id: UUID?
    @Parent(key: "book_id") var book: MemoriesBook
    @Parent(key: "media_id") var media: MediaItem
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $book, $media, $createdAt]
    }

    init() {}

    init(bookID: UUID, mediaID: UUID) {
        $book.id = bookID
        $media.id = mediaID
    }
}

/// A photo on one of my drafts. It stays mine alone (not the book's) until the letter is sent,
/// so the friend can see nothing of a letter before it arrives; it also keeps the upload from
/// being swept as unused while the draft waits. Rewritten with each save of the draft.
final class MemoriesDraftMedia: Model, @unchecked Sendable {
    static let schema = "memories_draft_media"

    @ID(key: .id) var id: UUID?
    @Parent(key: "page_id") var page: MemoriesPage
    @Parent(key: "media_id") var media: MediaItem

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $page, $media]
    }

    init() {}

    init(pageID: UUID, mediaID: UUID) {
        $page.id = pageID
        $media.id = mediaID
    }
}
