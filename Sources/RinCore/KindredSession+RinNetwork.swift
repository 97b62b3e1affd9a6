import Foundation
import KindredSDK

/// The network around me (my links, and what I may see beyond them: only through people who
/// chose to show how they connect people), and my Rin Score.
extension KindredSession {
    public func rinNetwork() async throws -> RinNetwork {
        try await perform { try await client.getRinNetwork().ok.body.json }
    }

    /// The people I am linked to, the most recent link first.
    public func rinLinks(limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinLinkedPerson> {
        try await perform {
            let page = try await client.listRinLinks(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// How I am connected to a profile: each path lists the people in between (none when linked).
    /// Empty says only that no path may be shown to me.
    public func rinPaths(to profileID: UUID) async throws -> [[RinPersonView]] {
        try await perform { try await client.getRinPaths(path: .init(profileId: profileID)).ok.body.json.paths.map(\.via) }
    }

    /// My score: the last daily run's (absent before one knew me, `stale` after a day), the one
    /// computed now, and what each component is made of and what would raise it.
    public func rinScore() async throws -> RinScore {
        try await perform { try await client.getRinScore().ok.body.json }
    }

    /// My official scores of the last 90 days, oldest first.
    public func rinScoreHistory() async throws -> [RinScoreDay] {
        try await perform { try await client.getRinScoreHistory().ok.body.json.items }
    }

    // MARK: - The security inbox

    /// Per section, what needs me and what I have not seen.
    public func rinSecurity() async throws -> RinSecuritySummary {
        try await perform { try await client.getRinSecurity().ok.body.json }
    }

    /// Everything up to now counts as seen; the counts as they are then.
    @discardableResult
    public func markRinSecurityRead() async throws -> RinSecuritySummary {
        try await perform { try await client.markRinSecurityRead().ok.body.json }
    }

    /// One section, newest first: everything, what needs me (`.action`), or what is resolved.
    public func rinSecurityItems(_ section: RinSecuritySection, filter: Operations.ListRinSecurityItems.Input.Query.FilterPayload = .all,
                                 limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinSecurityItem> {
        try await perform {
            let page = try await client.listRinSecurityItems(query: .init(section: section, filter: filter, limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    // MARK: - Disputes

    /// Says a detail shown on someone's profile is wrong or mine (`fieldKey` as the view shows
    /// it), with a statement and up to 5 photos I uploaded.
    public func disputeRin(_ profileID: UUID, fieldKey: String, statement: String, evidence: [UUID] = [],
                           actingAs acting: UUID? = nil) async throws -> RinDispute {
        try await perform {
            try await client.createRinDispute(path: .init(profileId: profileID), query: .init(actingProfileId: acting),
                                              body: .json(.init(fieldKey: fieldKey, statement: statement, evidence: evidence))).created.body.json
        }
    }

    public func rinDispute(_ id: UUID) async throws -> RinDispute {
        try await perform { try await client.getRinDispute(path: .init(disputeId: id)).ok.body.json }
    }

    public enum RinDisputeAnswer: Sendable {
        case correct(String)
        case remove
        case keep(String)
    }

    /// The subject's answer.
    @discardableResult
    public func answerRinDispute(_ id: UUID, _ answer: RinDisputeAnswer) async throws -> RinDispute {
        let body: Components.Schemas.RinDisputeAnswer = switch answer {
        case .correct(let value): .init(action: .correct, value: value)
        case .remove: .init(action: .remove)
        case .keep(let statement): .init(action: .keep, statement: statement)
        }
        return try await perform { try await client.answerRinDispute(path: .init(disputeId: id), body: .json(body)).ok.body.json }
    }

    @discardableResult
    public func withdrawRinDispute(_ id: UUID) async throws -> RinDispute {
        try await perform { try await client.withdrawRinDispute(path: .init(disputeId: id)).ok.body.json }
    }
}
