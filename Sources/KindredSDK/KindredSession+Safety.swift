import Foundation

public typealias BlockedProfile = Components.Schemas.BlockedProfile
public typealias Report = Components.Schemas.Report
public typealias ReportReason = Components.Schemas.ReportReason
public typealias ReportTarget = Components.Schemas.ReportTarget

/// Blocking and reporting, which every app shares.
extension KindredSession {
    /// Blocks someone: each disappears from the other's search and profiles, and every app's
    /// relationship between the two ends. Blocking again changes nothing.
    @discardableResult
    public func block(username: String) async throws -> BlockedProfile {
        try await perform {
            switch try await client.blockProfile(body: .json(.init(username: username))) {
            case .created(let created): return try created.body.json
            case .ok(let existing): return try existing.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    public func unblock(username: String) async throws {
        _ = try await perform { try await client.unblockProfile(path: .init(username: username)).noContent }
    }

    /// The people I blocked, most recent first, a page at a time.
    public func blockedProfiles(limit: Int? = nil, cursor: String? = nil) async throws -> Page<BlockedProfile> {
        try await perform {
            let page = try await client.listBlockedProfiles(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Reports a profile (`.profile(username:)`) or an app's content to the moderators. A second
    /// report of the same thing while the first is open returns the first.
    @discardableResult
    public func report(_ target: ReportTarget, reason: ReportReason, note: String? = nil) async throws -> Report {
        try await perform {
            switch try await client.createReport(body: .json(.init(target: target, reason: reason, note: note))) {
            case .created(let created): return try created.body.json
            case .ok(let existing): return try existing.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }
}

extension ReportTarget {
    public static func profile(username: String) -> ReportTarget { ReportTarget(kind: .profile, id: username) }
}
