import Foundation
import Observation

/// My profiles and the card picker (docs/RIN.md §2.8): the primary first, then the alternates
/// (Professional, Personal, Anonymous), then a card to make one. Choosing a card makes it the
/// profile every Rin screen works on; the list itself is the context's, so every feature sees a
/// change at once.
@MainActor @Observable
public final class ProfilesModel {
    public let context: RinContext
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    /// Why the last action failed, in words (a limit, a connection, a profile gone).
    public private(set) var error: String?
    /// What the new-alternate form got wrong, by field: `kind`, `displayName`, `bio`.
    public private(set) var creationErrors: [String: String] = [:]

    public init(context: RinContext) {
        self.context = context
    }

    /// My profiles, the primary first.
    public var profiles: [RinProfile] { context.profiles }
    public var primary: RinProfile? { context.primaryProfile }
    public var alternates: [RinProfile] { profiles.filter { $0.kind != .primary } }
    /// The card in use: the chosen profile while it exists, else the primary.
    public var chosenID: UUID? { context.profileID }

    /// The server keeps at most `ProfileRules.maxAlternates` live alternates; the form says so
    /// before anything is typed. (Three new ones a day is the server's to count.)
    public var canCreateAlternate: Bool { alternates.count < ProfileRules.maxAlternates }

    /// Only alternates go; the primary goes with the account.
    public func canDelete(_ profile: RinProfile) -> Bool { profile.kind != .primary }

    /// What the cache kept is already shown; this asks the server.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        if context.account == nil { await context.start() } else { await context.refresh() }
        error = context.error
    }

    /// Makes `profile` the one Rin works on. The primary is stored as no choice, so the screens
    /// follow the primary (as the web client does).
    public func choose(_ profile: RinProfile) {
        context.chosenProfileID = profile.kind == .primary ? nil : profile.id
        error = nil
    }

    /// Makes an alternate and works on it from then on. Past the server's limits (20 live, 3 a
    /// day) its message is shown as it says it, with when to try again.
    @discardableResult
    public func createAlternate(kind: RinAlternateKind, displayName: String, bio: String = "",
                                discoverable: Bool = false) async -> RinProfile? {
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        let bio = bio.trimmingCharacters(in: .whitespacesAndNewlines)
        var problems: [String: String] = [:]
        if !canCreateAlternate {
            // `RinProfileService.createAlternate`'s conflict, word for word.
            problems["kind"] = "You have \(ProfileRules.maxAlternates) alternate profiles, the most there can be. Delete one first."
        }
        problems["displayName"] = ProfileRules.displayNameProblem(name)
        problems["bio"] = ProfileRules.bioProblem(bio)
        creationErrors = problems
        guard problems.isEmpty else { return nil }

        isSaving = true
        defer { isSaving = false }
        do {
            let detail = try await context.session.createRinProfile(
                .init(kind: kind, displayName: name, bio: bio.isEmpty ? nil : bio, discoverable: discoverable))
            context.put(detail.profile)
            choose(detail.profile)
            return detail.profile
        } catch {
            if let fields = (error as? KindredError)?.formErrors {
                creationErrors = fields
            } else {
                self.error = error.localizedDescription
            }
            return nil
        }
    }

    /// Deletes an alternate: its contacts move to the primary's book (their links to Rin people
    /// dropped), its circles, policies and asks go with it. Rin works on the primary again if
    /// it was the one in use.
    @discardableResult
    public func delete(_ profile: RinProfile) async -> Bool {
        guard canDelete(profile) else {
            error = "Your primary profile goes only with your account."
            return false
        }
        isSaving = true
        defer { isSaving = false }
        do {
            try await context.session.deleteRinProfile(profile.id)
        } catch let failure as KindredError where failure.status == 404 {
            // Deleted on another device already: gone either way.
        } catch {
            self.error = error.localizedDescription
            return false
        }
        context.forget(profile: profile.id)
        if let account = context.account {
            // What other features kept of its book and circles is of a profile that is no more.
            for key in [RinStore.Key.home(profile.id), .contacts(profile.id), .circles(profile.id)] {
                await context.store.remove(key, account: account)
            }
        }
        error = nil
        return true
    }

    public func dismissError() {
        error = nil
    }
}
