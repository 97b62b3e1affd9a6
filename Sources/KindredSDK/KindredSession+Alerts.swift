import Foundation

/// Alerts about my account: a sign-in from a new device, sessions ended from another one.
extension KindredSession {
    /// Newest first.
    public func accountAlerts(limit: Int? = nil, cursor: String? = nil) async throws -> Page<AccountAlert> {
        try await perform {
            let page = try await client.listAccountAlerts(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// "This was me" (`wasMe`) closes a new-device alert; "this wasn't me" ends every other session
    /// and cannot be taken back. Refused (409) from the device the alert is about.
    @discardableResult
    public func answerAccountAlert(_ id: UUID, wasMe: Bool) async throws -> AccountAlert {
        try await perform { try await client.answerAccountAlert(path: .init(alertId: id), body: .json(.init(wasMe: wasMe))).ok.body.json }
    }
}
