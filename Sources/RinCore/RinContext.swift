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

    /// Copies the cache could not write since launch (a full disk, say): a setting screen's hint.
    public private(set) var cacheFailures = 0

    /// Who follows `events()`, and the one loop that feeds them (RinContext+Events).
    @ObservationIgnored var followers: [UUID: AsyncStream<RealtimeEvent>.Continuation] = [:]
    @ObservationIgnored var pump: Task<Void, Never>?

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
            await keep(settings, as: .settings)
            await keep(profiles, as: .profiles)
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
        Task { await keep(settings, as: .settings, account: account) }
    }

    /// Queues a change (the caller has already shown it), sends what waits, and says what became
    /// of this change. Refusals of older queued changes in the same send are named in
    /// `refusedChanges`; this one's is only returned, so it is shown once, where it was made.
    @discardableResult
    public func submit(_ mutation: RinMutation) async -> RinDelivery {
        let entry: RinPendingMutation
        do {
            entry = try await queue.enqueue(mutation)
        } catch {
            return .refused(error.localizedDescription, fieldErrors: [:])
        }
        for outcome in await flush(reportingAllBut: entry.id).outcomes {
            switch outcome {
            case .applied(let sent) where sent.id == entry.id: return .sent
            case .rejected(let refused, let error) where refused.id == entry.id:
                return .refused(error.localizedDescription, fieldErrors: error.fieldErrors)
            default: continue
            }
        }
        return .waiting
    }

    /// Sends the queue once (on launch, coming online, returning to the foreground) and says how
    /// far it got.
    @discardableResult
    public func sync() async -> RinMutationQueue.FlushResult {
        await flush(reportingAllBut: nil)
    }

    private func flush(reportingAllBut own: UUID?) async -> RinMutationQueue.FlushResult {
        let result = await queue.flush()
        for case .rejected(let entry, let error) in result.outcomes where entry.id != own {
            refusedChanges.append(error.localizedDescription)
        }
        return result
    }

    /// The account and profile the features work for, starting the context if nobody has yet
    /// (a screen opened straight from a link); nil when signed out.
    public func scope() async -> (account: UUID, profile: UUID)? {
        if account == nil || profileID == nil { await start() }
        guard let account, let profileID else { return nil }
        return (account, profileID)
    }

    /// Keeps a copy for the next launch: the one place the cache is written. A copy that cannot be
    /// written loses nothing (the server holds every value; changes wait in the queue, whose
    /// writes do throw), it only makes the next start wait for the server, so it is counted in
    /// `cacheFailures` rather than shown as an error.
    /// - Parameter account: whose copy it is, when the caller read the value before an await (a
    ///   sign-out meanwhile must not file it under the next account); by default the current one.
    public func keep<Value: Encodable & Sendable>(_ value: Value, as key: RinStore.Key, account: UUID? = nil) async {
        guard let account = account ?? self.account else { return }
        do {
            try await store.save(value, for: key, account: account)
        } catch {
            cacheFailures += 1
        }
    }

    /// The copy kept for this account, if any.
    public func kept<Value: Decodable & Sendable>(_ type: Value.Type, as key: RinStore.Key) async -> Value? {
        guard let account else { return nil }
        return await store.value(type, for: key, account: account)
    }

    public func forget(_ key: RinStore.Key) async {
        guard let account else { return }
        await store.remove(key, account: account)
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
        Task { await keep(profiles, as: .profiles, account: account) }
    }
}

/// What became of a change handed to `RinContext.submit`, for a model that showed it at once.
public enum RinDelivery: Equatable, Sendable {
    /// The server took it.
    case sent
    /// It waits in the queue (offline, or the server could not take it now) and will be sent.
    case waiting
    /// The server refused it for good (or it could not even be queued), in words, with the
    /// server's words for each field it named.
    case refused(String, fieldErrors: [String: String])

    public var isRefused: Bool {
        if case .refused = self { return true }
        return false
    }
}
