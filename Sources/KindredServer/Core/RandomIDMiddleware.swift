import Fluent
import Foundation

/// Gives every new row a UUID from the kernel's generator before Fluent would make one with
/// Foundation's `UUID()`. When a flood had used up the process's file descriptors, `UUID()`
/// returned all zeros and inserts failed with 500s (or, worse, collided); `getrandom` needs no
/// descriptor, so ids stay random or nothing is written at all.
struct RandomIDMiddleware: AnyModelMiddleware {
    func handle(_ event: ModelEvent, _ model: any AnyModel, on db: any Database, chainingTo next: any AnyModelResponder) -> EventLoopFuture<Void> {
        if case .create = event, let model = model as? any Model {
            Self.assignID(model)
        }
        return next.handle(event, model, on: db)
    }

    private static func assignID<M: Model>(_ model: M) {
        guard model.id == nil, M.IDValue.self == UUID.self, let id = Secrets.randomUUID() as? M.IDValue else { return }
        model.id = id
    }
}
