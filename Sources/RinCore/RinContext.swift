import Foundation
import KindredSDK
import Observation

/// What every Rin feature is handed: the one session, the cache, the queue of offline changes,
/// and which of my profiles I am acting as. Features read it and never build their own.
@MainActor @Observable
public final class RinContext {
    public let session: KindredSession
    public let store: RinStore
    public let queue: RinMutationQueue

    /// The signed-in account, once `start()` has read it.
    public private(set) var account: UUID?
    public private(set) var settings: RinSettings?
    /// My profiles, the primary first.
    public private(set) var profiles: [RinProfile] = []
    /// The profile chosen in the card picker; nil acts as the primary.
    public var chosenProfileID: UUID?
    /// Changes the server refused for good after they were queued, in words, for the UI to show.
    public private(set) var refusedChanges: [String] = []
    public private(set) var error: String?

    public init(session: KindredSession, store: RinStore, queue: RinMutationQueue) {
        self.session = session
        self.store = store
        self.queue = queue
    }

    /// A context for one device: the cache and queue live under `directory` (nil: in memory).
    public convenience init(session: KindredSession, directory: URL?) {
        self.init(session: session, store: RinStore(directory: directory?.appendingPathComponent("cache")),
                  queue: RinMutationQueue(session: session, file: directory?.appendingPathComponent("queue.json")))
    }

    /// The profile the features show: the chosen one while it exists, else the primary.
    public var profileID: UUID? {
        if let chosenProfileID, profiles.contains(where: { $0.id == chosenProfileID }) { return chosenProfileID }
        return settings?.primaryProfileId
    }

    public var profile: RinProfile? { profiles.first { $0.id == profileID } }
    public var primaryProfile: RinProfile? { profiles.first { $0.kind == .primary } }

    /// Reads the account, shows what the cache kept at once, then asks the server.
    public func start() async {
        guard let account = await session.userID else { return }
        if self.account != account {
            (self.account, settings, profiles, chosenProfileID, refusedChanges) = (account, nil, [], nil, [])
        }
        if settings == nil { settings = await store.value(RinSettings.self, for: .settings, account: account) }
        if profiles.isEmpty { profiles = await store.value([RinProfile].self, for: .profiles, account: account) ?? [] }
        await refresh()
    }

    /// Settings and profiles from the server, kept for next time.
    public func refresh() async {
        do {
            let (settings, profiles) = try await (session.rinSettings(), session.rinProfiles())
            (self.settings, self.profiles, error) = (settings, profiles, nil)
            if let account {
                try? await store.save(settings, for: .settings, account: account)
                try? await store.save(profiles, for: .profiles, account: account)
            }
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Takes a changed or new profile into the list (after an edit in the Profiles feature).
    public func put(_ profile: RinProfile) {
        if let index = profiles.firstIndex(where: { $0.id == profile.id }) { profiles[index] = profile } else { profiles.append(profile) }
        persistProfiles()
    }

    public func forget(profile id: UUID) {
        profiles.removeAll { $0.id == id }
        if chosenProfileID == id { chosenProfileID = nil }
        persistProfiles()
    }

    public func put(_ settings: RinSettings) {
        self.settings = settings
        guard let account else { return }
        Task { try? await store.save(settings, for: .settings, account: account) }
    }

    /// Queues a change and sends what waits; what the server refuses for good is named in
    /// `refusedChanges`. The caller has already shown the change.
    public func submit(_ mutation: RinMutation) async {
        do {
            try await queue.enqueue(mutation)
        } catch {
            self.error = error.localizedDescription
            return
        }
        await sync()
    }

    /// Sends the queue once (on launch, coming online, returning to the foreground).
    public func sync() async {
        let result = await queue.flush()
        for case .rejected(_, let error) in result.outcomes {
            refusedChanges.append(error.localizedDescription)
        }
    }

    public var pendingChanges: Int {
        get async { await queue.pending.count }
    }

    public func dismissRefusedChanges() {
        refusedChanges = []
    }

    /// Forgets what this device kept for the account (sign-out).
    public func signedOut() async {
        if let account { await store.removeAll(for: account) }
        await queue.removeAll()
        (account, settings, profiles, chosenProfileID, refusedChanges, error) = (nil, nil, [], nil, [], nil)
    }

    private func persistProfiles() {
        guard let account else { return }
        let profiles = profiles
        Task { try? await store.save(profiles, for: .profiles, account: account) }
    }
}
