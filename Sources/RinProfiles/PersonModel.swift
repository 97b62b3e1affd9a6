import Foundation
import Observation

/// Someone else on Rin, as the profile I act as may see them: the fields they share with it, and
/// those on Ask, each with whether I asked (waiting and declined read the same, docs/RIN.md
/// §2.6). When they say yes (`rin.ask.approved`) the view is read again, so the field appears.
@MainActor @Observable
public final class PersonModel {
    public let context: RinContext
    public let profileID: UUID
    public private(set) var person: RinPersonView?
    /// They are not there for me (no such profile, a block, or their name is not for me): a 404.
    public private(set) var isUnavailable = false
    public private(set) var isLoading = false
    public private(set) var error: String?
    /// News for the screen: "They said yes…".
    public private(set) var notice: String?
    /// Asks on their way, by field key.
    public private(set) var asking: Set<String> = []

    public init(context: RinContext, profileID: UUID) {
        self.context = context
        self.profileID = profileID
    }

    /// A person already read (found by username): shown at once, read again on `load()`.
    public convenience init(context: RinContext, person: RinPersonView) {
        self.init(context: context, profileID: person.profileId)
        self.person = person
    }

    public var sharedFields: [RinSharedField] { person?.fields ?? [] }
    public var askableFields: [RinAskableField] { person?.askable ?? [] }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            person = try await context.session.rinPerson(profileID, actingAs: await acting())
            (isUnavailable, error) = (false, nil)
        } catch let failure as KindredError where failure.status == 404 {
            (person, isUnavailable, error) = (nil, true, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Asks them for a field that is on Ask for me, and marks it requested. A field already
    /// requested is left as it is: asking again would change nothing on the server either. Past
    /// the daily limit the server's message is shown.
    public func ask(_ field: RinAskableField) async {
        guard let index = person?.askable.firstIndex(where: { $0.key == field.key }),
              person?.askable[index].requested == false, !asking.contains(field.key)
        else { return }
        asking.insert(field.key)
        defer { asking.remove(field.key) }
        do {
            let requested = try await context.session.askRinPerson(profileID, for: field.key, actingAs: await acting())
            if let index = person?.askable.firstIndex(where: { $0.key == field.key }) {
                person?.askable[index].requested = requested
            }
            (error, notice) = (nil, nil)
        } catch let failure as KindredError where failure.status == 404 {
            // No longer on Ask for me (shown, hidden or removed meanwhile): read what is now.
            await load()
            error = failure.localizedDescription
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The block, once made.
    public private(set) var block: RinBlock?

    /// Blocks this profile (only it: never its owner's account), for every profile of mine. They
    /// are not told; from then on they are unavailable here.
    @discardableResult
    public func blockPerson() async -> RinBlock? {
        do {
            let made = try await context.session.blockRinPerson(profileID, actingAs: await acting())
            (block, person, isUnavailable, error) = (made, nil, true, nil)
            return made
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    /// Reads them again when they approve one of my asks, until the caller stops.
    public func followChanges() async {
        for await event in context.events() {
            guard case .rin_ask_approved(let approved) = event, approved.profileId == profileID else { continue }
            await load()
            if person != nil { notice = "They said yes: what you asked for is shown now." }
        }
    }

    public func dismissNotice() {
        notice = nil
    }

    /// The profile the request acts as: the chosen alternate, or the server's default (the primary).
    private func acting() async -> UUID? {
        _ = await context.scope()?.profile
        return context.actingAlternateID
    }
}

/// Finding someone on Rin by their Kindred username (primary profiles only: alternates have no
/// username to find), as the profile I act as may see them.
@MainActor @Observable
public final class PersonLookupModel {
    public let context: RinContext
    public var username = ""
    public private(set) var found: RinPersonView?
    public private(set) var isSearching = false
    /// What is wrong with the username, or that nobody by it is there for me.
    public private(set) var usernameError: String?
    public private(set) var error: String?

    public init(context: RinContext) {
        self.context = context
    }

    /// The person's view, or nil with `usernameError` or `error` saying why.
    @discardableResult
    public func find() async -> RinPersonView? {
        let name = SeeAsModel.username(username)
        (found, usernameError, error) = (nil, nil, nil)
        guard !name.isEmpty else {
            usernameError = "Type their username."
            return nil
        }
        isSearching = true
        defer { isSearching = false }
        do {
            _ = await context.scope()?.profile
            let person = try await context.session.findRinPerson(username: name, actingAs: context.actingAlternateID)
            found = person
            return person
        } catch let failure as KindredError where failure.status == 404 {
            // The same answer for nobody, a block, and a name kept from me.
            usernameError = "Nobody on Rin with that username shares a profile with you."
        } catch let failure as KindredError where failure.fieldErrors["username"] != nil {
            usernameError = failure.fieldErrors["username"]
        } catch {
            self.error = error.localizedDescription
        }
        return nil
    }
}
