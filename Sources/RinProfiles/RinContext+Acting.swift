import Foundation

extension RinContext {
    /// What requests about other people send as `actingProfileId`: the chosen alternate, or nil
    /// for the primary (the server's default), so a primary's requests look like any other.
    var actingAlternateID: UUID? {
        profile?.kind == .primary ? nil : profileID
    }

    /// Runs `request` for the profile the screens work on. A chosen alternate deleted on another
    /// device answers 404: then, if the profiles say it is really gone (the 404 may be about
    /// something else), the context falls back to the primary and the request runs again for it.
    func withActingProfile<T>(_ request: (UUID) async throws -> T) async throws -> T {
        guard let id = await scope()?.profile else { throw KindredError.signedOut }
        do {
            return try await request(id)
        } catch let error as KindredError where error.status == 404 && chosenProfileID == id {
            await refresh()
            guard !profiles.contains(where: { $0.id == id }), let primary = profileID, primary != id else { throw error }
            return try await request(primary)
        }
    }
}

extension KindredError {
    /// The server's field errors, or nil when the problem is about the request as a whole.
    var formErrors: [String: String]? {
        let errors = fieldErrors
        return errors.isEmpty ? nil : errors
    }
}
