import Fluent
import Foundation
import MemoriesCanvas

/// A page of a book. A letter is its writer's draft until sent (`placedAt` set), then nobody's
/// to change; a memory page is placed when made and changed by either friend through operations.
final class MemoriesPage: Model, CreationStamped, UpdateStamped, @unchecked Sendable {
    static let schema = "memories_pages"

    enum Kind: String, Codable, Sendable { case letter, memory }

    @ID(key: .id) var id: UUID?
    @Parent(key: "book_id") var book: MemoriesBook
    /// A letter's writer, or whoever added the memory page.
    @Parent(key: "author_id") var author: User
    @Field(key: "kind") var kind: Kind
    /// The canvas as `Canvas.encoded()` writes it.
    @Field(key: "content") var content: String
    /// Which of a memory page's elements each person added (element id → user id), so an
    /// account's deletion takes its part of a shared page and leaves the friend's.
    @Field(key: "element_authors") var elementAuthorsJSON: String
    @Field(key: "element_count") var elementCount: Int
    @Field(key: "point_count") var pointCount: Int
    /// A draft's saves, for detecting a save from another device in between.
    @Field(key: "revision") var revision: Int
    /// A memory page's last sequenced operation.
    @Field(key: "seq") var seq: Int
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "updated_at") var updatedAt: Date?
    /// When it entered the book; nil for a draft.
    @OptionalField(key: "placed_at") var placedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $book, $author, $kind, $content, $elementAuthorsJSON, $elementCount, $pointCount, $revision, $seq, $createdAt,
         $updatedAt, $placedAt]
    }

    init() {}

    init(bookID: UUID, authorID: UUID, kind: Kind, canvas: Canvas, encoded: some Collection<UInt8>) {
        $book.id = bookID
        $author.id = authorID
        self.kind = kind
        content = String(decoding: encoded, as: UTF8.self)
        elementAuthorsJSON = "{}"
        if kind == .memory { elementAuthors = Dictionary(uniqueKeysWithValues: canvas.elements.map { ($0.id, authorID) }) }
        elementCount = canvas.elements.count
        pointCount = canvas.pointCount
        revision = 1
        seq = 0
    }

    var isDraft: Bool { kind == .letter && placedAt == nil }

    /// Kept as JSON text: both databases store and compare it alike.
    var elementAuthors: [String: UUID] {
        get { (try? JSONDecoder().decode([String: UUID].self, from: Data(elementAuthorsJSON.utf8))) ?? [:] }
        set { elementAuthorsJSON = String(decoding: (try? JSONEncoder().encode(newValue)) ?? Data("{}".utf8), as: UTF8.self) }
    }

    func canvas() throws -> Canvas {
        try Canvas.decode(Data(content.utf8))
    }

    func store(_ canvas: Canvas, encoded: some Collection<UInt8>) {
        content = String(decoding: encoded, as: UTF8.self)
        elementCount = canvas.elements.count
        pointCount = canvas.pointCount
    }
}

extension QueryBuilder<MemoriesPage> {
    /// What a contents list shows, without the canvas: a page of handwriting is a megabyte, and a
    /// contents page lists a hundred of them. (`content` and `element_authors` stay unread; the
    /// summaries never touch them.)
    func summaryFields() -> Self {
        field(\.$id).field(\.$book.$id).field(\.$author.$id).field(\.$kind).field(\.$elementCount).field(\.$pointCount)
            .field(\.$revision).field(\.$seq).field(\.$createdAt).field(\.$updatedAt).field(\.$placedAt)
    }
}

/// One operation of a memory page, in the page's order. Kept so that a resent operation (same
/// `op_id`) is answered with its first place instead of being applied twice.
final class MemoriesPageOperation: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_page_operations"

    @ID(key: .id) var id: UUID?
    @Parent(key: "page_id") var page: MemoriesPage
    @Field(key: "op_id") var opID: UUID
    @Field(key: "seq") var seq: Int
    @Parent(key: "author_id") var author: User
    /// The operation's JSON.
    @Field(key: "body") var body: String
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $page, $opID, $seq, $author, $body, $createdAt]
    }

    init() {}

    init(pageID: UUID, opID: UUID, seq: Int, authorID: UUID, body: String) {
        $page.id = pageID
        self.opID = opID
        self.seq = seq
        $author.id = authorID
        self.body = body
    }
}

/// Something that happened to someone in Memories: a friend request, an accepted request, a
/// letter that arrived, a memory page the friend added.
final class MemoriesActivity: Model, CreationStamped, @unchecked Sendable {
    static let schema = "memories_activity"

    enum Kind: String, Codable, Sendable { case friendRequested, friendAccepted, letterArrived, pageAdded }

    @ID(key: .id) var id: UUID?
    @Parent(key: "recipient_id") var recipient: User
    @Parent(key: "actor_id") var actor: User
    @Field(key: "kind") var kind: Kind
    @OptionalParent(key: "request_id") var request: MemoriesFriendRequest?
    @OptionalParent(key: "book_id") var book: MemoriesBook?
    @OptionalParent(key: "page_id") var page: MemoriesPage?
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "read_at") var readAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $recipient, $actor, $kind, $request, $book, $page, $createdAt, $readAt]
    }

    init() {}

    init(recipient: UUID, actor: UUID, kind: Kind, request: UUID? = nil, book: UUID? = nil, page: UUID? = nil) {
        $recipient.id = recipient
        $actor.id = actor
        self.kind = kind
        $request.id = request
        $book.id = book
        $page.id = page
    }
}
