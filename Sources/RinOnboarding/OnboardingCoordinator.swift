import Observation

/// Onboarding's navigation: its path is the steps after the welcome. The shell presents it over
/// the tabs and dismisses it through `finished`.
@MainActor @Observable
public final class OnboardingCoordinator: RinCoordinator {
    public var path: [OnboardingStep] = []
    public let model: OnboardingModel
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }
    /// Set by the shell: onboarding is over and can be taken off the screen.
    @ObservationIgnored public var finished: () -> Void = {}

    public init(context: RinContext) {
        model = OnboardingModel(context: context)
    }

    /// The step on screen.
    public var step: OnboardingStep { path.last ?? .welcome }

    public func open(_ route: RinRoute) -> Bool {
        guard route == .onboarding else { return false }
        path = []
        return true
    }

    public func popToRoot() {
        path = []
    }

    /// The step's "Continue": does what the step needs (saving the region, reading the circles)
    /// and moves on only if that worked; on the last step, finishes.
    public func advance() async {
        switch step {
        case .welcome:
            path.append(.region)
        case .region:
            if await model.saveRegion() { path.append(.contacts) }
        case .contacts:
            guard model.contactsChoice != nil else { return }
            await model.load()
            path.append(.circles)
        case .circles:
            path.append(.done)
        case .done:
            await finish()
        }
    }

    /// The contacts step's two buttons: choose, and go on.
    public func choose(_ choice: OnboardingContactsChoice) async {
        model.choose(choice)
        await advance()
    }

    /// Records the end, dismisses, and hands over to the imports screen if the person chose to
    /// import a file: the Contacts feature owns importing.
    public func finish() async {
        await model.finish()
        finished()
        if let route = model.nextRoute { navigate(route) }
    }
}
