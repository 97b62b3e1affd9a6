import Fluent
import Foundation

/// A model whose creation time Kindred records.
protocol CreationStamped: AnyObject {
    var createdAt: Date? { get set }
}

/// A model whose last change Kindred records.
protocol UpdateStamped: AnyObject {
    var updatedAt: Date? { get set }
}

/// Stamps rows from Kindred's one clock (`KindredServices.clock`, which tests move forward)
/// instead of the wall clock Fluent's `@Timestamp` reads: a test that expires a session or
/// orders a feed sees the same time the rows were written at. A creation time already set (a
/// message that must sort after another) is kept.
struct ClockStampMiddleware: AnyModelMiddleware {
    let clock: @Sendable () -> Date

    func handle(_ event: ModelEvent, _ model: any AnyModel, on db: any Database, chainingTo next: any AnyModelResponder) -> EventLoopFuture<Void> {
        let now = clock()
        switch event {
        case .create:
            if let stamped = model as? any CreationStamped, stamped.createdAt == nil { stamped.createdAt = now }
            (model as? any UpdateStamped)?.updatedAt = now
        case .update:
            (model as? any UpdateStamped)?.updatedAt = now
        default:
            break
        }
        return next.handle(event, model, on: db)
    }
}

extension Date {
    /// The same instant to the microsecond.
    var roundedToMicroseconds: Date {
        Date(timeIntervalSinceReferenceDate: (timeIntervalSinceReferenceDate * 1e6).rounded() / 1e6)
    }
}
