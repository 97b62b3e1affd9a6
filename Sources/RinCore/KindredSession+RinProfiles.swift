import Foundation
import KindredSDK

/// Rin's profiles, fields, circles, the policy grid, people and asks, over the SDK's session
/// (authentication, retries, idempotency keys, problems as `KindredError`).
extension KindredSession {
    // MARK: - Settings

    public func rinSettings() async throws -> RinSettings {
        try await perform { try await client.getRinSettings().ok.body.json }
    }

    @discardableResult
    public func updateRinSettings(defaultRegion: String? = nil, onboarded: Bool? = nil, showsConnections: Bool? = nil) async throws -> RinSettings {
        try await perform {
            try await client.updateRinSettings(body: .json(.init(defaultRegion: defaultRegion, onboarded: onboarded,
                                                                 showsConnections: showsConnections))).ok.body.json
        }
    }

    // MARK: - Profiles and fields

    /// My profiles, the primary first.
    public func rinProfiles() async throws -> [RinProfile] {
        try await perform { try await client.listRinProfiles().ok.body.json.items }
    }

    public func rinProfile(_ id: UUID) async throws -> RinProfileDetail {
        try await perform { try await client.getRinProfile(path: .init(profileId: id)).ok.body.json }
    }

    public func createRinProfile(_ draft: RinProfileDraft) async throws -> RinProfileDetail {
        try await perform { try await client.createRinProfile(body: .json(draft)).created.body.json }
    }

    @discardableResult
    public func updateRinProfile(_ id: UUID, _ edit: RinProfileEdit) async throws -> RinProfileDetail {
        try await perform { try await client.updateRinProfile(path: .init(profileId: id), body: .json(edit)).ok.body.json }
    }

    /// Deletes an alternate; its contacts move to the primary profile.
    public func deleteRinProfile(_ id: UUID) async throws {
        _ = try await perform { try await client.deleteRinProfile(path: .init(profileId: id)).noContent }
    }

    public func addRinField(to profileID: UUID, _ draft: RinProfileFieldDraft) async throws -> RinProfileField {
        try await perform { try await client.createRinProfileField(path: .init(profileId: profileID), body: .json(draft)).created.body.json }
    }

    @discardableResult
    public func updateRinField(_ fieldID: UUID, of profileID: UUID, _ edit: RinProfileFieldEdit) async throws -> RinProfileField {
        try await perform {
            try await client.updateRinProfileField(path: .init(profileId: profileID, fieldId: fieldID), body: .json(edit)).ok.body.json
        }
    }

    public func deleteRinField(_ fieldID: UUID, of profileID: UUID) async throws {
        _ = try await perform {
            try await client.deleteRinProfileField(path: .init(profileId: profileID, fieldId: fieldID)).noContent
        }
    }

    // MARK: - Circles

    public func rinCircles(of profileID: UUID) async throws -> [RinCircle] {
        try await perform { try await client.listRinCircles(path: .init(profileId: profileID)).ok.body.json.items }
    }

    public func createRinCircle(in profileID: UUID, _ draft: RinCircleDraft) async throws -> RinCircle {
        try await perform { try await client.createRinCircle(path: .init(profileId: profileID), body: .json(draft)).created.body.json }
    }

    @discardableResult
    public func updateRinCircle(_ id: UUID, _ edit: RinCircleEdit) async throws -> RinCircle {
        try await perform { try await client.updateRinCircle(path: .init(circleId: id), body: .json(edit)).ok.body.json }
    }

    public func deleteRinCircle(_ id: UUID) async throws {
        _ = try await perform { try await client.deleteRinCircle(path: .init(circleId: id)).noContent }
    }

    public func rinCircleMembers(_ circleID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinCircleMember> {
        try await perform {
            let page = try await client.listRinCircleMembers(path: .init(circleId: circleID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    /// Adds Rin people (by profile) and my contacts; those already in stay as they were.
    @discardableResult
    public func addRinCircleMembers(_ circleID: UUID, profiles: [UUID] = [], contacts: [UUID] = []) async throws -> [RinCircleMember] {
        try await perform {
            let additions = Components.Schemas.RinCircleMemberAdditions(
                profileIds: profiles.isEmpty ? nil : profiles,
                contactIds: contacts.isEmpty ? nil : contacts)
            return try await client.addRinCircleMembers(path: .init(circleId: circleID), body: .json(additions)).ok.body.json.items
        }
    }

    public func removeRinCircleMember(_ memberID: UUID, from circleID: UUID) async throws {
        _ = try await perform {
            try await client.removeRinCircleMember(path: .init(circleId: circleID, memberId: memberID)).noContent
        }
    }

    // MARK: - Policies

    public func rinPolicyGrid(of profileID: UUID) async throws -> RinPolicyGrid {
        try await perform { try await client.getRinPolicyGrid(path: .init(profileId: profileID)).ok.body.json }
    }

    /// Saves every change or none (a bad cell refuses the lot).
    @discardableResult
    public func updateRinPolicies(of profileID: UUID, _ changes: [RinPolicyChange]) async throws -> RinPolicyGrid {
        try await perform {
            try await client.updateRinPolicies(path: .init(profileId: profileID), body: .json(.init(cells: changes))).ok.body.json
        }
    }

    /// Puts a circle's column back to its template.
    public func resetRinPolicies(of circleID: UUID) async throws {
        _ = try await perform { try await client.resetRinPolicies(path: .init(circleId: circleID)).noContent }
    }

    /// "Just for them": what one person may see of one field (or `*`, every field), over the circles.
    public func setRinOverride(on profileID: UUID, viewer: UUID, fieldKey: String, access: RinAccess) async throws {
        _ = try await perform {
            try await client.setRinOverride(path: .init(profileId: profileID),
                                            body: .json(.init(viewerProfileId: viewer, fieldKey: fieldKey, access: access))).noContent
        }
    }

    public func deleteRinOverride(on profileID: UUID, viewer: UUID, fieldKey: String) async throws {
        _ = try await perform {
            try await client.deleteRinOverride(path: .init(profileId: profileID),
                                               query: .init(viewerProfileId: viewer, fieldKey: fieldKey)).noContent
        }
    }

    // MARK: - People

    /// Exactly what `viewer` sees of my profile: `public`, `circle:<id>` (any member of that
    /// circle, e.g. the Contacts circle) or `profile:<id>` (one person).
    public func previewRinProfile(_ profileID: UUID, as viewer: String) async throws -> RinPersonView {
        try await perform { try await client.previewRinProfile(path: .init(profileId: profileID), query: .init(viewer: viewer)).ok.body.json }
    }

    public func rinPerson(_ profileID: UUID, actingAs acting: UUID? = nil) async throws -> RinPersonView {
        try await perform {
            try await client.getRinPerson(path: .init(profileId: profileID), query: .init(actingProfileId: acting)).ok.body.json
        }
    }

    public func findRinPerson(username: String, actingAs acting: UUID? = nil) async throws -> RinPersonView {
        try await perform { try await client.findRinPerson(query: .init(username: username, actingProfileId: acting)).ok.body.json }
    }

    /// Discoverable people whose name has every word of `query`, as the profile I act as sees
    /// them (at most 20, A to Z).
    public func searchRinPeople(_ query: String, actingAs acting: UUID? = nil) async throws -> [RinPersonView] {
        try await perform { try await client.searchRinPeople(query: .init(q: query, actingProfileId: acting)).ok.body.json.items }
    }

    // MARK: - Share links and cards

    /// The profile's share link (`<server>/r/<token>`) and its QR code as SVG, made on first ask.
    public func rinShareLink(of profileID: UUID) async throws -> RinShareLink {
        try await perform { try await client.getRinShareLink(path: .init(profileId: profileID)).ok.body.json }
    }

    /// Stops the link at once; the next `rinShareLink(of:)` makes a new one.
    public func revokeRinShareLink(of profileID: UUID) async throws {
        _ = try await perform { try await client.revokeRinShareLink(path: .init(profileId: profileID)).noContent }
    }

    /// The card a share link opens, as the profile I act as may see it.
    public func rinCard(_ token: String, actingAs acting: UUID? = nil) async throws -> RinCard {
        try await perform { try await client.getRinCard(path: .init(token: token), query: .init(actingProfileId: acting)).ok.body.json }
    }

    /// Adds the card to the book I act as, as a linked contact (or gives the one already linked).
    public func addRinCard(_ token: String, actingAs acting: UUID? = nil) async throws -> RinContactDetail {
        try await perform {
            switch try await client.addRinCard(path: .init(token: token), query: .init(actingProfileId: acting)) {
            case .created(let created): try created.body.json
            case .ok(let existing): try existing.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    // MARK: - Asks

    /// Asks to see one field of theirs that is on Ask for me; asking again changes nothing.
    @discardableResult
    public func askRinPerson(_ profileID: UUID, for fieldKey: String, actingAs acting: UUID? = nil) async throws -> Bool {
        try await perform {
            try await client.createRinAsk(path: .init(profileId: profileID), query: .init(actingProfileId: acting),
                                          body: .json(.init(fieldKey: fieldKey))).ok.body.json.requested
        }
    }

    public func incomingRinAsks(of profileID: UUID, limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinIncomingAsk> {
        try await perform {
            let page = try await client.listRinIncomingAsks(path: .init(profileId: profileID), query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func approveRinAsk(_ askID: UUID, allFields: Bool = false) async throws {
        _ = try await perform { try await client.approveRinAsk(path: .init(askId: askID), query: .init(allFields: allFields)).noContent }
    }

    /// Declines silently: the one who asked keeps seeing "requested".
    public func denyRinAsk(_ askID: UUID) async throws {
        _ = try await perform { try await client.denyRinAsk(path: .init(askId: askID)).noContent }
    }
}
