import Fluent
import Foundation
import RinScoring
import SQLKit

/// How a contact was linked to a profile.
enum RinLinkVia: String, Codable, Sendable {
    /// By the profile's username: the holder's act alone.
    case username
    /// With a card link the profile's owner gave: the owner shared it, the holder took it.
    case card
}

/// Who holds whom among Rin's people, read from the books; `RinLinkRules` decides which of it is
/// a link (docs/RIN-PART2.md §2.1). People are accounts: a link is between two primary profiles,
/// so an alternate never links and never counts.
enum RinLinkStore {
    /// Every edge with at least one end among `people`: a live contact (not merged away) in a
    /// primary book, linked to another primary profile, both owners not suspended.
    static func edges(touching people: Set<UUID>, on database: any Database) async throws -> [RinEdge] {
        guard !people.isEmpty else { return [] }
        let sql = try database.sql()
        let ids = Array(people)
        // One edge per contact and way: a contact linked by username that also holds the same
        // person's verified address is two edges, which the rules take together.
        var edges: [EdgeKey: RinEdge] = [:]
        // Two queries a side, each led by an index (a book's contacts; what links to a profile; an
        // account's address), rather than one with an OR across both that no index serves.
        let queries: [SQLQueryString] = [
            Self.edgesQuery + " AND hp.primary_user_id IN (\(binds: ids))",
            Self.edgesQuery + " AND lp.primary_user_id IN (\(binds: ids))",
            Self.emailEdgesQuery + " AND hp.primary_user_id IN (\(binds: ids))",
            Self.emailEdgesQuery + " AND lu.id IN (\(binds: ids))",
        ]
        for query in queries {
            for row in try await sql.raw(query).all() {
                let edge = try edge(from: row)
                edges[EdgeKey(contact: try row.decode(column: "id", as: UUID.self), edge: edge)] = edge
            }
        }
        return Array(edges.values)
    }

    private struct EdgeKey: Hashable {
        let contact: UUID
        let held: UUID
        let viaVerifiedEmail: Bool

        init(contact: UUID, edge: RinEdge) {
            self.contact = contact
            held = edge.held
            viaVerifiedEmail = edge.viaVerifiedEmail
        }
    }

    /// Every edge (a contact's id, who holds whom, how and when) of live contacts in primary books
    /// linked to primary profiles of unsuspended accounts; callers narrow it with more conditions.
    private static var edgesQuery: SQLQueryString {
        """
        SELECT c.id AS id, hp.primary_user_id AS holder, lp.primary_user_id AS held, c.linked_via AS via, c.linked_at AS at
        FROM rin_contacts c
        JOIN rin_profiles hp ON hp.id = c.profile_id
        JOIN rin_profiles lp ON lp.id = c.linked_profile_id
        JOIN users hu ON hu.id = hp.user_id AND hu.suspended_at IS NULL
        JOIN users lu ON lu.id = lp.user_id AND lu.suspended_at IS NULL
        WHERE c.merged_into IS NULL AND hp.primary_user_id IS NOT NULL AND lp.primary_user_id IS NOT NULL
        """
    }

    /// The edges an address makes (§2.1): a live contact in a primary book holding, as an e-mail
    /// value, the address another account verified. The account's address is lower-cased as the
    /// contact's normalised one is, so they compare as they are. `via` is `email`, and `at` the
    /// later of the contact's creation and the address's proof.
    private static var emailEdgesQuery: SQLQueryString {
        """
        SELECT c.id AS id, hp.primary_user_id AS holder, lp.primary_user_id AS held, 'email' AS via,
            CASE WHEN c.created_at > lu.email_verified_at THEN c.created_at ELSE lu.email_verified_at END AS at
        FROM rin_contact_values v
        JOIN rin_contacts c ON c.id = v.contact_id AND c.merged_into IS NULL
        JOIN rin_profiles hp ON hp.id = c.profile_id
        JOIN users hu ON hu.id = hp.user_id AND hu.suspended_at IS NULL
        JOIN users lu ON lu.email = v.normalized AND lu.email_verified_at IS NOT NULL AND lu.suspended_at IS NULL
        JOIN rin_profiles lp ON lp.primary_user_id = lu.id
        WHERE v.kind = 'email' AND hp.primary_user_id IS NOT NULL
        """
    }

    /// Every edge between Rin's people, for the daily job: two queries, their rows read as they come.
    static func allEdges(on database: any Database) async throws -> [RinEdge] {
        try await database.rows(Self.edgesQuery, edge(from:)) + database.rows(Self.emailEdgesQuery, edge(from:))
    }

    private static func edge(from row: any SQLRow) throws -> RinEdge {
        let via = try row.decode(column: "via", as: String?.self)
        return RinEdge(holder: try row.decode(column: "holder", as: UUID.self), held: try row.decode(column: "held", as: UUID.self),
                       viaCard: via == RinLinkVia.card.rawValue, viaVerifiedEmail: via == "email",
                       at: try row.decode(column: "at", as: Date?.self) ?? .distantPast)
    }

    /// Every pair a block stands between, for the daily job.
    static func allBlockedPairs(on database: any Database) async throws -> Set<RinPair> {
        var pairs = Set(try await Block.query(on: database).all().map { RinPair($0.$blocker.id, $0.$blocked.id) })
        let query: SQLQueryString = """
            SELECT b.blocker_id AS blocker, p.primary_user_id AS blocked FROM rin_profile_blocks b
            JOIN rin_profiles p ON p.id = b.blocked_profile_id WHERE p.primary_user_id IS NOT NULL
            """
        for row in try await database.sql().raw(query).all() {
            pairs.insert(RinPair(try row.decode(column: "blocker", as: UUID.self), try row.decode(column: "blocked", as: UUID.self)))
        }
        return pairs
    }

    /// The pairs with one end among `people` that a block stands between: an account blocked either
    /// way, or one's primary profile blocked by the other's account (part 1's profile block).
    static func blockedPairs(touching people: Set<UUID>, on database: any Database) async throws -> Set<RinPair> {
        guard !people.isEmpty else { return [] }
        let ids = Array(people)
        var pairs = Set<RinPair>()
        for block in try await Block.query(on: database).group(.or, { $0.filter(\.$blocker.$id ~~ ids).filter(\.$blocked.$id ~~ ids) }).all() {
            pairs.insert(RinPair(block.$blocker.id, block.$blocked.id))
        }
        let query: SQLQueryString = """
            SELECT b.blocker_id AS blocker, p.primary_user_id AS blocked FROM rin_profile_blocks b
            JOIN rin_profiles p ON p.id = b.blocked_profile_id
            WHERE p.primary_user_id IS NOT NULL AND (b.blocker_id IN (\(binds: ids)) OR p.primary_user_id IN (\(binds: ids)))
            """
        for row in try await database.sql().raw(query).all() {
            pairs.insert(RinPair(try row.decode(column: "blocker", as: UUID.self), try row.decode(column: "blocked", as: UUID.self)))
        }
        return pairs
    }

    /// The links of each of `people` (and their one-way counts), blocks applied.
    static func links(of people: Set<UUID>, on database: any Database) async throws -> RinLinkRules.Result {
        let edges = try await edges(touching: people, on: database)
        let blocked = try await blockedPairs(touching: people, on: database)
        var result = RinLinkRules.links(from: edges, excluding: blocked)
        // Every edge here touches `people`, so their links are whole; someone else's one-way count
        // is not (their other edges were not read).
        result.oneWay = result.oneWay.filter { people.contains($0.key) }
        return result
    }

    /// Each person's other links, from `links`.
    static func neighbours(in links: [RinLink]) -> [UUID: [UUID]] {
        var neighbours: [UUID: [UUID]] = [:]
        for link in links {
            neighbours[link.pair.low, default: []].append(link.pair.high)
            neighbours[link.pair.high, default: []].append(link.pair.low)
        }
        return neighbours
    }
}

/// Contacts learn how they were linked and when; settings learn whether their owner shows how they
/// connect people. Links made before this were all by username.
struct AddRinLinkProvenance: AsyncMigration {
    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite adds columns one at a time.
        try await database.schema(RinContact.schema).field("linked_via", .string).update()
        try await database.schema(RinContact.schema).field("linked_at", .datetime).update()
        try await database.schema(RinSettings.schema).field("shows_connections", .bool, .required, .sql(.default(false))).update()
        let sql = try database.sql()
        try await sql.update(RinContact.schema).set("linked_via", to: SQLBind(RinLinkVia.username.rawValue))
            .set(SQLColumn("linked_at"), to: SQLColumn("updated_at"))
            .where(SQLColumn("linked_profile_id"), .isNot, SQLLiteral.null).run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(RinSettings.schema).deleteField("shows_connections").update()
        try await database.schema(RinContact.schema).deleteField("linked_via").update()
        try await database.schema(RinContact.schema).deleteField("linked_at").update()
    }
}

/// Contacts found by an address across every book: an account's verified address makes edges
/// to it (§2.1), and the network views look them up by the person, not by a book.
struct AddRinValueLookup: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql().create(index: "rin_contact_values_normalized").on(RinContactValue.schema)
            .column("normalized").column("kind").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql().drop(index: "rin_contact_values_normalized").run()
    }
}
