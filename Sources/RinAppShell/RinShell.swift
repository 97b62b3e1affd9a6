import Foundation
import Observation
import RinCircles
import RinContacts
import RinOnboarding
import RinProfiles
import RinScore
import RinSecurity
import RinSettings

/// Rin's root: the four tabs, a coordinator per feature, `rin://` links handed to the coordinator
/// that owns them, and sign-in gating. The one place that knows every feature; a feature asks
/// for another's screen with a `RinRoute`, which comes here through its `navigate`.
@MainActor @Observable
public final class RinShell {
    public let context: RinContext
    public var tab: RinTab = .home
    /// Onboarding, over the tabs.
    public var presentsOnboarding = false
    /// Settings, over the Profile tab.
    public var presentsSettings = false
    public internal(set) var isSignedIn = false
    /// Signed in, and the account's first reads done (cache, queue, whether to onboard).
    public internal(set) var isReady = false
    /// A place asked for while signed out, opened once someone signs in.
    public internal(set) var waitingRoute: RinRoute?
    /// Counts to show on tabs: Review's waiting items on Home, waiting asks on Profile.
    public internal(set) var badges: [RinTab: Int] = [:]

    // Made again at each sign-out, so no screen state of one account reaches the next.
    public internal(set) var contacts: ContactsCoordinator
    public internal(set) var circles: CirclesCoordinator
    public internal(set) var profiles: ProfilesCoordinator
    public internal(set) var onboarding: OnboardingCoordinator
    public internal(set) var settings: SettingsCoordinator
    public internal(set) var score: ScoreCoordinator
    public internal(set) var security: SecurityCoordinator

    public init(context: RinContext) {
        self.context = context
        (contacts, circles, profiles, onboarding, settings, score, security) = Self.coordinators(for: context)
        wire()
    }

    var coordinators: [any RinCoordinator] { [contacts, circles, profiles, onboarding, settings, score, security] }

    private static func coordinators(for context: RinContext)
        -> (ContactsCoordinator, CirclesCoordinator, ProfilesCoordinator, OnboardingCoordinator, SettingsCoordinator,
            ScoreCoordinator, SecurityCoordinator) {
        (ContactsCoordinator(), CirclesCoordinator(), ProfilesCoordinator(context: context),
         OnboardingCoordinator(context: context), SettingsCoordinator(context: context),
         ScoreCoordinator(context: context), SecurityCoordinator(context: context))
    }

    /// Opens a `rin://` link; an unknown one is refused (false) rather than guessed at. While
    /// signed out the place is kept and opened after sign-in.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        guard let route = RinRoute(url: url) else { return false }
        return open(route)
    }

    /// Selects the route's tab and hands the route to the coordinator that owns it; says whether
    /// it was taken (or kept for after sign-in).
    @discardableResult
    public func open(_ route: RinRoute) -> Bool {
        guard isSignedIn else {
            waitingRoute = route
            return true
        }
        switch route {
        case .onboarding:
            // Over whatever tab is showing; the tabs stay where they were beneath it.
            presentsOnboarding = onboarding.open(route)
            return presentsOnboarding
        case .settings:
            tab = route.tab
            presentsSettings = settings.open(route)
            return presentsSettings
        case .profile, .asks, .person:
            return show(route, in: profiles)
        case .security:
            return show(route, in: security)
        case .score, .network:
            return show(route, in: score)
        case .circles, .circle:
            return show(route, in: circles)
        case .home, .contact, .card:
            return show(route, in: contacts)
        }
    }

    private func show(_ route: RinRoute, in coordinator: some RinCoordinator) -> Bool {
        tab = route.tab
        presentsSettings = false
        return coordinator.open(route)
    }

    /// Every feature asks for other places through the shell; onboarding also says when it is over.
    func wire() {
        for coordinator in coordinators {
            coordinator.navigate = { [weak self] route in self?.open(route) }
        }
        onboarding.finished = { [weak self] in self?.presentsOnboarding = false }
    }

    /// Back to the first screen of every feature, then new coordinators: their models may hold
    /// what the last account saw.
    func resetNavigation() {
        for coordinator in coordinators { coordinator.popToRoot() }
        (contacts, circles, profiles, onboarding, settings, score, security) = Self.coordinators(for: context)
        wire()
        (tab, presentsOnboarding, presentsSettings, badges) = (.home, false, false, [:])
    }
}
