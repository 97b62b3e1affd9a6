import Contacts
import Foundation

/// The device's address book as one vCard file, for the same import a file goes through
/// (docs/RIN.md §8 step 6, our decision: no numbered device batches). Rin reads the book once,
/// when the person asks, and never writes to it. Everything else — the size bound, the upload,
/// the progress, resuming — is `ImportModel`'s.
enum ContactsImport {
    /// Whether Rin may read the device's contacts.
    enum Access: Sendable {
        /// Allowed (or, on iOS 18, allowed for the contacts the person chose).
        case allowed
        /// Turned off, or not for this person to decide (Screen Time, a managed device): only
        /// Settings can change it.
        case denied
    }

    /// Asks the first time; after that, says what the person decided.
    static func requestAccess() async -> Access {
        let status = CNContactStore.authorizationStatus(for: .contacts)
        if status == .denied || status == .restricted { return .denied }
        guard status == .notDetermined else { return .allowed }
        let granted = (try? await CNContactStore().requestAccess(for: .contacts)) ?? false
        return granted ? .allowed : .denied
    }

    /// Every contact Rin may read, serialised as vCard (`CNContactVCardSerialization`), and how
    /// many there were. Read off the main thread: a large book takes a moment. Notes are left
    /// out by the system unless the app holds Apple's contacts-notes entitlement, which it does not.
    static func readAll() async throws -> (data: Data, count: Int) {
        try await Task.detached(priority: .userInitiated) {
            let store = CNContactStore()
            let request = CNContactFetchRequest(keysToFetch: [CNContactVCardSerialization.descriptorForRequiredKeys()])
            var contacts: [CNContact] = []
            try store.enumerateContacts(with: request) { contact, _ in
                contacts.append(contact)
            }
            guard !contacts.isEmpty else { return (Data(), 0) }
            return (try CNContactVCardSerialization.data(with: contacts), contacts.count)
        }.value
    }
}
