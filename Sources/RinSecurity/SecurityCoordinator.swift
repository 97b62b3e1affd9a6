import Foundation
import Observation

/// The security inbox's navigation. The shell shows it from the Profile tab; a person on an ask
/// opens their page, the Profiles feature's.
@MainActor @Observable
public final class SecurityCoordinator: RinCoordinator {
    public var isShowing = false
    public let inbox: SecurityInboxModel
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }

    public init(context: RinContext) {
        inbox = SecurityInboxModel(context: context)
    }

    public func open(_ route: RinRoute) -> Bool {
        guard route == .security else { return false }
        isShowing = true
        return true
    }

    public func popToRoot() {
        isShowing = false
    }

    public func showPerson(_ profileID: UUID) {
        navigate(.person(profileID))
    }
}
