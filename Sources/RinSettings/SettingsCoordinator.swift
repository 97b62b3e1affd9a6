import Observation

/// Settings' navigation. The shell presents Settings from the Profile tab; inside it, the path
/// holds the screens pushed from the first one.
@MainActor @Observable
public final class SettingsCoordinator: RinCoordinator {
    public var path: [SettingsRoute] = []
    public let model: SettingsModel
    /// The Rin profiles I blocked (`SettingsRoute.blocked`).
    public let blocked: BlockedCardsModel
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }

    public init(context: RinContext) {
        model = SettingsModel(context: context)
        blocked = BlockedCardsModel(context: context)
    }

    public func open(_ route: RinRoute) -> Bool {
        guard route == .settings else { return false }
        path = []
        return true
    }

    public func popToRoot() {
        path = []
    }

    public func show(_ route: SettingsRoute) {
        path.append(route)
    }
}
