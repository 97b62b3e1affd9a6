import Foundation
import Observation

/// The share link of the profile in use: the link and its QR code to show or send, and a new
/// link when the old one went too far (the old one stops working at once). A link is the only
/// way to reach an alternate, which has no username.
@MainActor @Observable
public final class ShareLinkModel {
    public let context: RinContext
    public private(set) var link: RinShareLink?
    /// Whose link `link` is: the card picker may have changed the profile since.
    public private(set) var profileID: UUID?
    public private(set) var isWorking = false
    public private(set) var error: String?

    public init(context: RinContext) {
        self.context = context
    }

    public func load() async {
        guard let profile = await context.scope()?.profile else { return }
        await run(for: profile) { try await self.context.session.rinShareLink(of: profile) }
    }

    /// Revokes the link and shows the new one.
    public func renew() async {
        guard let profile = await context.scope()?.profile else { return }
        await run(for: profile) {
            try await self.context.session.revokeRinShareLink(of: profile)
            return try await self.context.session.rinShareLink(of: profile)
        }
    }

    private func run(for profile: UUID, _ work: @escaping @MainActor () async throws -> RinShareLink) async {
        isWorking = true
        defer { isWorking = false }
        do {
            let fresh = try await work()
            // Answers for a profile no longer in use are dropped.
            guard context.profileID == profile else { return }
            (link, profileID, error) = (fresh, profile, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }
}
