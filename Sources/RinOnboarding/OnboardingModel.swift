import Foundation
import Observation

/// Rin's first run on an account: the default region, what to do about existing contacts, and
/// the circles explained. Shown once per account and device, and never to an account already in
/// use (an existing user signing in on a new phone).
@MainActor @Observable
public final class OnboardingModel {
    /// The region chosen; preselected from the device when Rin knows its numbering.
    public var region: String?
    /// Every region Rin reads numbers of, by code; `regionName(of:)` names them.
    public let regions: [String] = RinRegions.all
    public private(set) var contactsChoice: OnboardingContactsChoice?
    /// The profile's circles (on a new account, the five it starts with), explained.
    public private(set) var circles: [OnboardingCircle] = []
    public private(set) var isSaving = false
    public private(set) var isFinished = false
    /// The server's words for a region it refused, shown beside the picker.
    public private(set) var regionError: String?
    public private(set) var error: String?

    private let context: RinContext

    public init(context: RinContext) {
        self.context = context
        region = RinRegions.suggested()
    }

    public func regionName(of region: String) -> String {
        RinRegions.name(of: region)
    }

    /// Where to go once onboarding ends: the imports screen if the person chose to bring in a
    /// file, else nowhere in particular.
    public var nextRoute: RinRoute? {
        contactsChoice == .importFile ? .home(section: .imports) : nil
    }

    /// Whether this account should be onboarded here. Not if it finished on any device (the
    /// server's settings say when), nor if this device remembers it finishing, nor if the account
    /// is already in use: it has alternates, contacts, or circles beyond the five it started with.
    /// When the server cannot be asked, no: an existing user must not be walked through it again
    /// because a phone was offline, and `rin://onboarding` still opens it.
    public func isNeeded() async -> Bool {
        guard let account = await currentAccount() else { return false }
        if await context.store.value(OnboardingRecord.self, for: .onboarding, account: account) != nil { return false }
        if context.settings?.onboardedAt != nil {
            await remember(contacts: nil, account: account)
            return false
        }
        do {
            let inUse = try await accountIsInUse()
            error = nil
            if inUse { await remember(contacts: nil, account: account) }
            return !inUse
        } catch {
            self.error = error.localizedDescription
            return false
        }
    }

    /// Reads the circles to explain, and fills in the region from the account's settings when the
    /// device suggested none.
    public func load() async {
        if region == nil { region = context.settings?.defaultRegion }
        do {
            let profile = if let acting = context.profileID { acting } else { try await primaryProfileID() }
            circles = try await context.session.rinCircles(of: profile).map(OnboardingCircle.init)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Saves the chosen region as the account's default; says whether it was taken. A region the
    /// server refuses leaves its reason in `regionError`.
    @discardableResult
    public func saveRegion() async -> Bool {
        guard let region else {
            regionError = "Choose the region your phone numbers are from."
            return false
        }
        // Choosing the region already saved needs no connection.
        if region == context.settings?.defaultRegion {
            (regionError, error) = (nil, nil)
            return true
        }
        isSaving = true
        defer { isSaving = false }
        do {
            let settings = try await context.session.updateRinSettings(defaultRegion: region)
            context.put(settings)
            (regionError, error) = (nil, nil)
            return true
        } catch {
            let reason = (error as? KindredError)?.fieldErrors["defaultRegion"]
            (regionError, self.error) = (reason, reason == nil ? error.localizedDescription : nil)
            return false
        }
    }

    public func choose(_ choice: OnboardingContactsChoice) {
        contactsChoice = choice
    }

    /// Remembers on this device that the account is onboarded.
    public func finish() async {
        guard let account = await currentAccount() else {
            error = KindredError.signedOut.localizedDescription
            return
        }
        // Finished either way: a record that could not be written only means the welcome shows
        // again on the next launch, which is no reason to keep the person here now.
        isFinished = true
        await remember(contacts: contactsChoice, account: account)
        // Told to the server too, so the next device does not offer it again; offline, this
        // device's record stands and the next finish on any device tells it.
        if let settings = try? await context.session.updateRinSettings(onboarded: true) { context.put(settings) }
    }

    private func currentAccount() async -> UUID? {
        if let account = context.account { return account }
        return await context.session.userID
    }

    private func accountIsInUse() async throws -> Bool {
        if context.profiles.count > 1 { return true }
        let session = context.session
        let profile = try await primaryProfileID()
        async let home = session.rinContactsHome(of: profile)
        async let circles = session.rinCircles(of: profile)
        let (book, owned) = try await (home, circles)
        return book.total > 0 || owned.count > Self.startingCircles || owned.contains { $0.kind == .custom }
    }

    /// Contacts, Public, Family, Friends and Colleagues (docs/RIN.md §2.4).
    static let startingCircles = 5

    private func primaryProfileID() async throws -> UUID {
        if let primary = context.settings?.primaryProfileId { return primary }
        return try await context.session.rinSettings().primaryProfileId
    }

    private func remember(contacts: OnboardingContactsChoice?, account: UUID) async {
        do {
            try await context.store.save(OnboardingRecord(finishedAt: Date(), contacts: contacts), for: .onboarding, account: account)
        } catch {
            self.error = error.localizedDescription
        }
    }
}
