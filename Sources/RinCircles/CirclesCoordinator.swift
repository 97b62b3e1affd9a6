import Foundation
import Observation
import RinCore

/// The Circles tab's screens past its list, as plain values a navigation stack binds to.
public enum CirclesRoute: Hashable, Sendable {
    /// One circle: its members, name, emoji and colour.
    case circle(UUID)
    case newCircle
    /// Who sees what, every circle (a phone starts on the first).
    case grid
    /// Who sees what, starting on one circle ("What this circle sees").
    case circleGrid(UUID)
    /// Picking contacts of the book, or a username, to add to a circle.
    case addMembers(UUID)
    /// How a person in several circles is resolved: the most permissive wins.
    case overlap

    /// The circle the screen is about, if it is about one.
    public var circleID: UUID? {
        switch self {
        case .circle(let id), .circleGrid(let id), .addMembers(let id): id
        case .newCircle, .grid, .overlap: nil
        }
    }
}

/// Owns the Circles tab's navigation: `rin://circles` and `rin://circles/{id}` land here; a
/// member who is a contact opens in Contacts through `navigate`.
@MainActor @Observable
public final class CirclesCoordinator: RinCoordinator {
    public var path: [CirclesRoute] = []
    /// Set by the shell: how Circles asks for a screen it does not own.
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }

    public init() {}

    public func open(_ route: RinRoute) -> Bool {
        switch route {
        case .circles:
            popToRoot()
            return true
        case .circle(let id):
            // A link opens the circle over the list, whatever was open before.
            path = [.circle(id)]
            return true
        case .home, .contact, .card, .profile, .asks, .person, .settings, .onboarding, .score, .network, .security:
            return false
        }
    }

    public func popToRoot() {
        path = []
    }

    /// Pushes one of Circles' own screens.
    public func show(_ route: CirclesRoute) {
        path.append(route)
    }

    /// Opens a member: a contact of the book in Contacts, through the shell. A Rin person has no
    /// place yet (no `RinRoute` names a person), so false.
    @discardableResult
    public func open(member: RinCircleMember) -> Bool {
        guard let contact = member.contactId else { return false }
        navigate(.contact(contact))
        return true
    }

    /// After a circle is deleted: its screens leave the stack, the rest stay.
    public func circleDeleted(_ id: UUID) {
        if let first = path.firstIndex(where: { $0.circleID == id }) { path.removeSubrange(first...) }
    }
}
