import Foundation
import Observation

/// "See as…" (docs/RIN.md §2.7): the profile Rin works on through someone else's eyes. What is
/// shown is exactly the `RinPersonView` the server computes for that viewer, from the same
/// function as the viewer's own request; nothing is worked out here.
@MainActor @Observable
public final class SeeAsModel {
    public enum Viewer: Hashable, Sendable {
        /// Anyone on Rin.
        case `public`
        /// A contact of mine in no other circle (the Contacts circle).
        case contacts
        /// Someone in one of my circles, with no personal override.
        case circle(UUID)
        /// One Rin person, by profile id, as they are placed in my circles.
        case person(UUID)
    }

    public let context: RinContext
    public private(set) var viewer: Viewer = .public
    public private(set) var view: RinPersonView?
    /// The viewer cannot see the profile at all: its name is not for them (a 404).
    public private(set) var isHidden = false
    public private(set) var isLoading = false
    public private(set) var error: String?
    /// The circles to see as (Public is `.public`), in the server's order.
    public private(set) var circles: [RinCircle] = []
    /// The person being seen as, by name, when they were found by username.
    public private(set) var personName: String?
    /// What the username lookup got wrong.
    public private(set) var usernameError: String?

    /// Whose circles `circles` are.
    private var circlesOf: UUID?
    /// Counts the previews asked for: only the answer to the newest may show.
    private var asked = 0

    public init(context: RinContext) {
        self.context = context
    }

    /// The circles to choose from, then the current viewer's view.
    public func load() async {
        do {
            let (profile, circles) = try await context.withActingProfile { ($0, try await context.session.rinCircles(of: $0)) }
            (self.circles, circlesOf) = (circles.filter { $0.kind != ._public }, profile)
        } catch {
            self.error = error.localizedDescription
            return
        }
        await refresh()
    }

    /// Shows the profile as `viewer` sees it; `name` is a person's, for the caption (a circle
    /// member's name as the list showed it). An answer to an earlier choice that arrives after
    /// this one is dropped.
    public func see(as viewer: Viewer, named name: String? = nil) async {
        (self.viewer, personName) = (viewer, name)
        await refresh()
    }

    /// Asks again for the current viewer (after a change to the grid, say).
    public func refresh() async {
        asked += 1
        let mine = asked
        let viewer = self.viewer
        isLoading = true
        (view, isHidden, error) = (nil, false, nil)
        do {
            // Not `withActingProfile`: a 404 here is mostly a viewer who may not see the profile,
            // and `load` has already fallen back to the primary if the chosen one was gone.
            guard let profile = await context.scope()?.profile else { throw KindredError.signedOut }
            let view = try await context.session.previewRinProfile(profile, as: try await parameter(for: viewer, of: profile))
            guard mine == asked else { return }
            (self.view, isLoading) = (view, false)
        } catch let failure as KindredError where failure.status == 404 && !isCircleMissing(viewer) {
            guard mine == asked else { return }
            (isHidden, isLoading) = (true, false)
        } catch {
            guard mine == asked, !(error is CancellationError) else { return }
            (self.error, isLoading) = (error.localizedDescription, false)
        }
    }

    /// Finds a Rin person by username (as the profile I act as may see them) and shows the
    /// profile as they see it. Nil and `usernameError` when there is nobody to see as.
    @discardableResult
    public func seeAs(username: String) async -> UUID? {
        let name = Self.username(username)
        guard !name.isEmpty else {
            usernameError = "Type their username."
            return nil
        }
        usernameError = nil
        do {
            let person = try await context.session.findRinPerson(username: name, actingAs: context.actingAlternateID)
            await see(as: .person(person.profileId), named: person.displayName ?? "@" + name)
            return person.profileId
        } catch let failure as KindredError where failure.status == 404 {
            usernameError = "Nobody on Rin with that username shares a profile with you."
        } catch let failure as KindredError where failure.fieldErrors["username"] != nil {
            usernameError = failure.fieldErrors["username"]
        } catch {
            self.error = error.localizedDescription
        }
        return nil
    }

    /// The Rin people in one of my circles, to see as one of them.
    public func people(in circle: RinCircle) async -> [RinCircleMember] {
        do {
            let session = context.session
            let members = try await session.all { try await session.rinCircleMembers(circle.id, cursor: $0) }
            return members.filter { $0.profileId != nil }
        } catch {
            self.error = error.localizedDescription
            return []
        }
    }

    /// Who the view is of, for a caption: "What anyone on Rin sees".
    public var viewerDescription: String {
        switch viewer {
        case .public: return "anyone on Rin"
        case .contacts: return "a contact in no other circle"
        case .circle(let id):
            guard let circle = circles.first(where: { $0.id == id }) else { return "someone in that circle" }
            return circle.kind == .contacts ? "a contact in no other circle" : "someone in \(circle.name)"
        case .person: return personName ?? "this person"
        }
    }

    /// The server's `viewer` parameter: `public`, `circle:<id>` or `profile:<id>`.
    private func parameter(for viewer: Viewer, of profile: UUID) async throws -> String {
        switch viewer {
        case .public: return "public"
        case .circle(let id): return "circle:" + id.uuidString.lowercased()
        case .person(let id): return "profile:" + id.uuidString.lowercased()
        case .contacts:
            var contacts = circlesOf == profile ? circles.first { $0.kind == .contacts } : nil
            if contacts == nil {
                // Not loaded yet, or loaded for another profile: its Contacts circle is found by kind.
                contacts = try await context.session.rinCircles(of: profile).first { $0.kind == .contacts }
            }
            // The server makes every profile's Contacts circle with it and never deletes it.
            guard let contacts else { throw KindredError.unexpectedResponse(status: 200) }
            return "circle:" + contacts.id.uuidString.lowercased()
        }
    }

    /// A circle deleted meanwhile is a 404 too, but it says nothing about who may see the profile.
    private func isCircleMissing(_ viewer: Viewer) -> Bool {
        guard case .circle(let id) = viewer else { return false }
        return !circles.isEmpty && !circles.contains { $0.id == id }
    }

    /// What people type for a username: `@ada`, ` Ada `.
    static func username(_ typed: String) -> String {
        var name = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.hasPrefix("@") { name.removeFirst() }
        return name
    }
}
