import Foundation
import KindredSDK

public typealias KinnectActivity = Components.Schemas.KinnectActivity
public typealias KinnectFollow = Components.Schemas.KinnectFollow

/// People search and the activity tab.
extension KindredSession {
    /// People whose username or any word of whose name starts with `query`, with where I stand
    /// with each: usernames first, then names.
    public func searchPeople(_ query: String, limit: Int? = nil) async throws -> [KinnectFollow] {
        try await perform { try await client.searchKinnectPeople(query: .init(q: query, limit: limit)).ok.body.json.items }
    }

    /// What happened around me, newest group first.
    public func activity(limit: Int? = nil, cursor: String? = nil) async throws -> Page<KinnectActivity> {
        try await perform {
            let page = try await client.listKinnectActivity(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func unreadActivityCount() async throws -> Int {
        try await perform { try await client.getKinnectActivityUnread().ok.body.json.count }
    }

    /// Marks activity up to `through` read; answers what is still unread.
    @discardableResult
    public func markActivityRead(through: Date) async throws -> Int {
        try await perform { try await client.markKinnectActivityRead(body: .json(.init(through: through))).ok.body.json.count }
    }
}
