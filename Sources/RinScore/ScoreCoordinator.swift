import Foundation
import Observation

/// The screens pushed inside the Score tab.
public enum ScoreRoute: Hashable, Sendable {
    case network
}

/// The Score tab's navigation: the score first, the network pushed from it.
@MainActor @Observable
public final class ScoreCoordinator: RinCoordinator {
    public var path: [ScoreRoute] = []
    public let score: ScoreModel
    public let network: NetworkModel
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }

    public init(context: RinContext) {
        score = ScoreModel(context: context)
        network = NetworkModel(context: context)
    }

    public func open(_ route: RinRoute) -> Bool {
        switch route {
        case .score: path = []
        case .network: path = [.network]
        default: return false
        }
        return true
    }

    public func popToRoot() {
        path = []
    }

    /// A person on the network list: their page is the Profiles feature's.
    public func showPerson(_ profileID: UUID) {
        navigate(.person(profileID))
    }
}
