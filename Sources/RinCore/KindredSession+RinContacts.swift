import Foundation
import KindredSDK

/// Rin's contacts, imports and clean-up (suggestions, merges and their undo, conflicts).
extension KindredSession {
    // MARK: - Contacts

    /// A–Z pages of a profile's book; `query` searches folded name words or a phone's digits.
    public func rinContacts(of profileID: UUID, query: String? = nil, circle: UUID? = nil, favourites: Bool? = nil,
                            limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinContactSummary> {
        try await perform {
            let page = try await client.listRinContacts(
                path: .init(profileId: profileID),
                query: .init(q: query, circleId: circle, favourites: favourites, limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Recent and favourite contacts, the totals, and what waits in Review.
    public func rinContactsHome(of profileID: UUID) async throws -> RinContactsHome {
        try await perform { try await client.getRinContactsHome(path: .init(profileId: profileID)).ok.body.json }
    }

    public func rinContact(_ id: UUID) async throws -> RinContactDetail {
        try await perform { try await client.getRinContact(path: .init(contactId: id)).ok.body.json }
    }

    public func createRinContact(in profileID: UUID, _ draft: RinContactDraft) async throws -> RinContactDetail {
        try await perform { try await client.createRinContact(path: .init(profileId: profileID), body: .json(draft)).created.body.json }
    }

    @discardableResult
    public func updateRinContact(_ id: UUID, _ edit: RinContactEdit) async throws -> RinContactDetail {
        try await perform { try await client.updateRinContact(path: .init(contactId: id), body: .json(edit)).ok.body.json }
    }

    public func deleteRinContact(_ id: UUID) async throws {
        _ = try await perform { try await client.deleteRinContact(path: .init(contactId: id)).noContent }
    }

    /// Ties a contact to the Rin person with this username (only someone I may see).
    @discardableResult
    public func linkRinContact(_ id: UUID, toUsername username: String) async throws -> RinContactDetail {
        try await perform { try await client.linkRinContact(path: .init(contactId: id), body: .json(.init(username: username))).ok.body.json }
    }

    /// Links the contact to the profile a share link they gave me opens (an alternate has no
    /// username): `token` as it stands in `/r/<token>`.
    @discardableResult
    public func linkRinContact(_ id: UUID, toCard token: String) async throws -> RinContactDetail {
        try await perform { try await client.linkRinContact(path: .init(contactId: id), body: .json(.init(token: token))).ok.body.json }
    }

    @discardableResult
    public func unlinkRinContact(_ id: UUID) async throws -> RinContactDetail {
        try await perform { try await client.unlinkRinContact(path: .init(contactId: id)).ok.body.json }
    }

    /// One contact as a vCard 4.0 file.
    public func exportRinContact(_ id: UUID) async throws -> Data {
        try await perform { try await Self.collect(client.exportRinContact(path: .init(contactId: id)).ok.body.textVcard) }
    }

    /// The whole book as one vCard 4.0 file.
    public func exportRinContacts(of profileID: UUID) async throws -> Data {
        try await perform { try await Self.collect(client.exportRinContacts(path: .init(profileId: profileID)).ok.body.textVcard) }
    }

    /// vCard exports are bounded by the book's size limit on the server; this caps what a client
    /// holds in memory should a server answer more.
    static let largestExport = 64 * 1024 * 1024

    private static func collect(_ body: HTTPBody) async throws -> Data {
        try await Data(collecting: body, upTo: largestExport)
    }

    // MARK: - Imports

    /// Uploads a vCard or a Google/Outlook CSV export. The file is read whole before anything is
    /// kept (a broken one is refused naming its line); the same bytes again answer the same import.
    public func importRinContacts(into profileID: UUID, file: Data, name: String? = nil) async throws -> RinImport {
        try await perform {
            switch try await client.createRinImport(path: .init(profileId: profileID), query: .init(name: name), body: .binary(HTTPBody(file))) {
            case .ok(let existing): try existing.body.json
            case .accepted(let started): try started.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    public func rinImport(_ id: UUID) async throws -> RinImport {
        try await perform { try await client.getRinImport(path: .init(importId: id)).ok.body.json }
    }

    public func rinImports(of profileID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinImport> {
        try await perform {
            let page = try await client.listRinImports(path: .init(profileId: profileID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Takes up an import that stopped (a failure, or a server that went away mid-import).
    @discardableResult
    public func resumeRinImport(_ id: UUID) async throws -> RinImport {
        try await perform { try await client.resumeRinImport(path: .init(importId: id)).ok.body.json }
    }

    // MARK: - Clean-up

    public func rinSuggestions(of profileID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinSuggestion> {
        try await perform {
            let page = try await client.listRinSuggestions(path: .init(profileId: profileID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func mergeRinSuggestion(_ id: UUID) async throws -> RinMergeResult {
        try await perform { try await client.mergeRinSuggestion(path: .init(suggestionId: id)).ok.body.json }
    }

    /// "Different people": never suggested again.
    public func dismissRinSuggestion(_ id: UUID) async throws {
        _ = try await perform { try await client.dismissRinSuggestion(path: .init(suggestionId: id)).noContent }
    }

    /// Merges `other` into `contactID` by hand.
    public func mergeRinContacts(_ contactID: UUID, with other: UUID) async throws -> RinMergeResult {
        try await perform { try await client.mergeRinContacts(path: .init(contactId: contactID), body: .json(.init(otherId: other))).ok.body.json }
    }

    public func rinMerges(of profileID: UUID, automatic: Bool? = nil, limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinMergeRecord> {
        try await perform {
            let page = try await client.listRinMerges(path: .init(profileId: profileID), query: .init(automatic: automatic, limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Restores both contacts exactly; refused (409) if the survivor was edited since, unless
    /// `discardEdits`.
    public func undoRinMerge(_ id: UUID, discardEdits: Bool = false) async throws -> RinUndoResult {
        try await perform { try await client.undoRinMerge(path: .init(mergeId: id), query: .init(discardEdits: discardEdits)).ok.body.json }
    }

    public func rinConflicts(of profileID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinConflict> {
        try await perform {
            let page = try await client.listRinConflicts(path: .init(profileId: profileID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Keeps the option at `choice` (an index into the conflict's options).
    @discardableResult
    public func resolveRinConflict(_ id: UUID, choice: Int) async throws -> RinContactDetail {
        try await perform { try await client.resolveRinConflict(path: .init(conflictId: id), body: .json(.init(choice: choice))).ok.body.json }
    }
}
