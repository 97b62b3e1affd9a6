import Foundation
import Observation

/// Rin's settings: the default region, what this device still has to send, the profile's past
/// imports, and signing out.
@MainActor @Observable
public final class SettingsModel {
    /// Every region Rin reads numbers of, by code; `regionName(of:)` names them.
    public let regions: [String] = RinRegions.all
    /// Changes made here that the server has not taken yet.
    public private(set) var pendingChanges = 0
    /// The acting profile's imports, newest first.
    public private(set) var imports: [RinImport] = []
    public private(set) var importsCursor: String?
    public private(set) var isSending = false
    public private(set) var isSignedOut = false
    /// The server's words for a region it refused, shown beside the picker.
    public private(set) var regionError: String?
    public private(set) var error: String?

    private let context: RinContext
    private let importsPageSize: Int?

    /// - Parameter importsPageSize: imports per page (nil: the server's default).
    public init(context: RinContext, importsPageSize: Int? = nil) {
        self.context = context
        self.importsPageSize = importsPageSize
    }

    /// The account's default region, as last read.
    public var region: String? { context.settings?.defaultRegion }

    public func regionName(of region: String) -> String {
        RinRegions.name(of: region)
    }

    /// Changes the server refused for good, in words; they are not sent again.
    public var refusedChanges: [String] { context.refusedChanges }

    /// Settings, the count of waiting changes and the first page of imports.
    public func load() async {
        await context.refresh()
        await countPending()
        await loadImports()
        if let failed = context.error { error = failed }
    }

    /// Saves a new default region; says whether the server took it.
    @discardableResult
    public func changeRegion(to region: String) async -> Bool {
        guard region != self.region else { return true }
        do {
            context.put(try await context.session.updateRinSettings(defaultRegion: region))
            (regionError, error) = (nil, nil)
            return true
        } catch {
            let reason = (error as? KindredError)?.fieldErrors["defaultRegion"]
            (regionError, self.error) = (reason, reason == nil ? error.localizedDescription : nil)
            return false
        }
    }

    /// "Send now": tries the waiting changes at once instead of on the next launch.
    public func sendNow() async {
        isSending = true
        defer { isSending = false }
        await context.sync()
        await countPending()
        error = pendingChanges == 0 ? nil : Self.stillWaiting(pendingChanges)
    }

    public func dismissRefusedChanges() {
        context.dismissRefusedChanges()
    }

    public func loadImports() async {
        do {
            let page = try await context.session.rinImports(of: try await profileID(), limit: importsPageSize)
            (imports, importsCursor, error) = (page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMoreImports() async {
        guard let cursor = importsCursor else { return }
        do {
            let page = try await context.session.rinImports(of: try await profileID(), limit: importsPageSize, cursor: cursor)
            let shown = Set(imports.map(\.id))
            imports += page.items.filter { !shown.contains($0.id) }
            importsCursor = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Ends the session and forgets everything this device kept for the account, the waiting
    /// changes included: they were made by this account and must never go out with the next one's.
    public func signOut() async {
        do {
            try await context.session.signOut()
        } catch {
            // The SDK forgets the session even when the server cannot be told; only a session
            // still held here means the sign-out did not happen.
            if await context.session.isSignedIn {
                self.error = error.localizedDescription
                return
            }
        }
        await context.signedOut()
        (pendingChanges, imports, importsCursor, regionError, error) = (0, [], nil, nil, nil)
        isSignedOut = true
    }

    private func countPending() async {
        pendingChanges = await context.pendingChanges
    }

    private func profileID() async throws -> UUID {
        if let profile = context.profileID { return profile }
        return try await context.session.rinSettings().primaryProfileId
    }

    static func stillWaiting(_ count: Int) -> String {
        let changes = count == 1 ? "1 change is" : "\(count) changes are"
        return "\(changes) still waiting: the server could not be reached. Rin sends them when it can."
    }
}
