import Foundation
import Observation

/// A screen of the Profiles feature past its root (the card picker and the profile in use).
public enum ProfilesRoute: Hashable, Sendable {
    /// One of my profiles in detail: name, bio, photo, fields.
    case editor(UUID)
    /// The form that makes an alternate.
    case newAlternate
    /// The profile in use through someone else's eyes.
    case seeAs
    /// Asks waiting for my answer.
    case asks
    /// Someone else on Rin.
    case person(UUID)
    /// Finding someone on Rin by username.
    case findPerson
}

/// The Profile tab's navigation: `rin://profile`, `rin://profile/{id}`, `rin://asks` and
/// `rin://people/{id}` are its
/// own; anything else (Settings, though it shares the tab, is its own feature) goes to the shell.
@MainActor @Observable
public final class ProfilesCoordinator: RinCoordinator {
    public let context: RinContext
    /// The screens above the root, for a `NavigationStack(path:)`.
    public var path: [ProfilesRoute] = []
    /// Set by the shell.
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }

    public init(context: RinContext) {
        self.context = context
    }

    public func open(_ route: RinRoute) -> Bool {
        switch route {
        case .profile(nil):
            path = []
        case .profile(let id?):
            path = [.editor(id)]
        case .asks:
            path = [.asks]
        case .person(let id):
            path = [.person(id)]
        case .home, .contact, .card, .circles, .circle, .settings, .onboarding, .score, .network, .security:
            return false
        }
        return true
    }

    public func popToRoot() {
        path = []
    }

    /// Pushes a screen of this feature.
    public func show(_ route: ProfilesRoute) {
        path.append(route)
    }

    /// Back one screen.
    public func pop() {
        if !path.isEmpty { path.removeLast() }
    }

    /// Asks the shell for a place another feature owns (the grid of who sees what is the
    /// Circles feature's; the region setting is Settings').
    public func go(to route: RinRoute) {
        if !open(route) { navigate(route) }
    }
}
