import Foundation
import Observation

/// My network: the people I am linked to, newest first, the counts, and whether I let my links
/// see through me; and how I am connected to someone. The counts and first page are kept for
/// offline viewing.
@MainActor @Observable
public final class NetworkModel {
    public struct Kept: Codable, Sendable {
        public var network: RinNetwork
        public var links: [RinLinkedPerson]
        public var cursor: String?
    }

    public private(set) var network: RinNetwork?
    public private(set) var links: [RinLinkedPerson] = []
    public private(set) var cursor: String?
    public private(set) var isLoading = false
    public private(set) var isOffline = false
    public private(set) var error: String?
    public private(set) var notice: String?

    private let context: RinContext
    private let pageSize: Int?

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    /// Whether the people linked to me may see through me (my settings).
    public var showsConnections: Bool { context.settings?.showsConnections ?? false }

    public func load() async {
        if network == nil, let kept = await context.kept(Kept.self, as: .network) {
            (network, links, cursor) = (kept.network, kept.links, kept.cursor)
        }
        isLoading = true
        defer { isLoading = false }
        do {
            async let summary = context.session.rinNetwork()
            async let page = context.session.rinLinks(limit: pageSize)
            let (fresh, first) = (try await summary, try await page)
            (network, links, cursor, isOffline, error) = (fresh, first.items, first.nextCursor, false, nil)
            await context.keep(Kept(network: fresh, links: first.items, cursor: first.nextCursor), as: .network)
        } catch {
            isOffline = network != nil
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor else { return }
        do {
            let page = try await context.session.rinLinks(limit: pageSize, cursor: cursor)
            let known = Set(links.map(\.person.profileId))
            links += page.items.filter { !known.contains($0.person.profileId) }
            (self.cursor, error) = (page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Turns "Show how I connect people" on or off.
    public func setShowsConnections(_ shows: Bool) async {
        do {
            let settings = try await context.session.updateRinSettings(showsConnections: shows)
            context.put(settings)
            (notice, error) = (shows ? "Your links can now see whom you connect them to, and find paths through you."
                                     : "Your links no longer see through you.", nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// How I am connected to someone: each path lists the people in between (none when we are
    /// linked); empty says only that none may be shown to me. Nil when it could not be asked.
    public func paths(to profileID: UUID) async -> [[RinPersonView]]? {
        do {
            error = nil
            return try await context.session.rinPaths(to: profileID)
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }
}
