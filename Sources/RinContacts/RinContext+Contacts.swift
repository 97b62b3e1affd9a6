import Foundation
import RinCore

extension RinContext {
    /// What the queue still holds for contacts: favourites set and deletions made on this
    /// device that the server has not taken yet, laid over what the server answers so a change
    /// made offline does not flicker back when a page arrives.
    func pendingContactChanges() async -> PendingContactChanges {
        var changes = PendingContactChanges()
        for entry in await queue.pending {
            switch entry.mutation {
            case .updateContact(let id, let edit):
                if let favourite = edit.favourite { changes.favourites[id] = favourite }
            case .deleteContact(let id):
                changes.deleted.insert(id)
            default:
                continue
            }
        }
        return changes
    }
}

struct PendingContactChanges {
    var favourites: [UUID: Bool] = [:]
    var deleted: Set<UUID> = []

    func apply(to contacts: [RinContactSummary]) -> [RinContactSummary] {
        contacts.filter { !deleted.contains($0.id) }.map { contact in
            var contact = contact
            if let favourite = favourites[contact.id] { contact.favourite = favourite }
            return contact
        }
    }

    func apply(to contact: RinContactDetail) -> RinContactDetail {
        var contact = contact
        if let favourite = favourites[contact.id] { contact.favourite = favourite }
        return contact
    }
}

extension Error {
    var isOffline: Bool { (self as? KindredError)?.isOffline ?? false }
    var httpStatus: Int? { (self as? KindredError)?.status }
}

extension RinImport {
    var isRunning: Bool { phase == .reading || phase == .matching }
}
