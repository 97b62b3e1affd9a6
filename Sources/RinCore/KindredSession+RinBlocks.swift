import Foundation
import KindredSDK

/// Blocking one Rin profile: a card or a person. Only that profile, never its owner's account,
/// so a block never tells whose card it was; nobody is told.
extension KindredSession {
    /// Blocks the profile a share link opens, for every profile of mine.
    @discardableResult
    public func blockRinCard(_ token: String, actingAs acting: UUID? = nil) async throws -> RinBlock {
        try await perform {
            switch try await client.blockRinCard(path: .init(token: token), query: .init(actingProfileId: acting)) {
            case .created(let created): try created.body.json
            case .ok(let existing): try existing.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    /// Blocks a profile I know (I see it, a contact of mine is linked to it, or it asked me).
    @discardableResult
    public func blockRinPerson(_ profileID: UUID, actingAs acting: UUID? = nil) async throws -> RinBlock {
        try await perform {
            switch try await client.blockRinPerson(path: .init(profileId: profileID), query: .init(actingProfileId: acting)) {
            case .created(let created): try created.body.json
            case .ok(let existing): try existing.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    /// The profiles I blocked, most recent first, each by the name I knew it by.
    public func rinBlocks(limit: Int? = nil, cursor: String? = nil) async throws -> Page<RinBlock> {
        try await perform {
            let page = try await client.listRinBlocks(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func unblockRin(_ blockID: UUID) async throws {
        _ = try await perform { try await client.unblockRinProfile(path: .init(blockId: blockID)).noContent }
    }
}
