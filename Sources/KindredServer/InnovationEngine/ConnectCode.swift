import Fluent
import Foundation
import SQLKit

/// A person's Innovation Engine connect code: a random secret of their own, shown as a QR code and
/// a link (`<public base URL>/c/<code>`). It is never the account id, which profile search hands
/// to anyone, so only someone the owner showed it to can connect. Rotating it replaces the row's
/// code, and the old one stops working at once.
final class InnovationEngineConnectCode: Model, @unchecked Sendable {
    static let schema = "innovation_engine_connect_codes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Kept in clear: the owner is shown it again on every visit, and it grants nothing but the
    /// right to ask for a connection.
    @Field(key: "code") var code: String
    @Field(key: "created_at") var createdAt: Date

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $user, $code, $createdAt] }

    init() {}

    init(userID: UUID, code: String, at date: Date) {
        $user.id = userID
        self.code = code
        createdAt = date
    }
}

struct CreateInnovationEngineConnectCodes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(InnovationEngineConnectCode.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, .id, onDelete: .cascade))
            .field("code", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id")
            .unique(on: "code")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(InnovationEngineConnectCode.schema).delete()
    }
}

/// Reading connect links and codes.
enum ConnectLink {
    /// 128 random bits, base64url: 22 characters that no one guesses, short enough for a small QR.
    static func newCode() -> String { Secrets.randomToken(bytes: 16) }

    static func link(for code: String, publicBaseURL: String) -> String {
        publicBaseURL + "/c/" + code
    }

    /// The code in a scanned link or a pasted code, or nil when the text cannot be one. A link is
    /// accepted from any origin: the same code works wherever the person scanned it from.
    static func code(in raw: String) -> String? {
        var text = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        if let range = text.range(of: "/c/") { text = text[range.upperBound...] }
        if let end = text.firstIndex(where: { "?#/".contains($0) }) { text = text[..<end] }
        guard (16...64).contains(text.count), text.allSatisfy(Self.isCodeCharacter) else { return nil }
        return String(text)
    }

    private static func isCodeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }
}
