/// What the shell needs of a feature's coordinator. A coordinator owns its feature's navigation
/// (a path of plain `Hashable` values the views bind to) and nothing of any other feature's: to
/// show another feature's screen it hands a `RinRoute` to `navigate`, which the shell gives to
/// the coordinator that owns it.
@MainActor
public protocol RinCoordinator: AnyObject {
    /// Shows `route` if this feature owns it (setting its path) and says whether it did.
    func open(_ route: RinRoute) -> Bool
    /// Back to the feature's first screen.
    func popToRoot()
    /// Set by the shell: how this feature asks for a place it does not own.
    var navigate: (RinRoute) -> Void { get set }
}
