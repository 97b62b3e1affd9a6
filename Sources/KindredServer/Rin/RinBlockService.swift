import Fluent
import Foundation
import KindredAPI

/// Blocking one Rin profile (`RinProfileBlock`): from the card a share link opens, or from a
/// person I know in Rin. Nobody is told, and nothing but Rin's views of that profile changes.
struct RinBlockService {
    let context: ServiceContext

    /// The label of a profile that showed me no name.
    static let unnamed = "A Rin card"

    /// Blocks the profile `token` opens. Blocking again answers the block (`created` false),
    /// though the card is by then a 404.
    func block(card token: String, actingAs acting: UUID?, by userID: UUID) async throws -> (block: RinProfileBlock, created: Bool) {
        guard let link = try await RinShareLink.query(on: context.database).filter(\.$token == token).first(),
              let owner = try await RinProfile.find(link.$profile.id, on: context.database)
        else { throw RinShareService.unknown }
        if owner.$user.id == userID { throw AppError.conflict(field: "token", "That is your own card.") }
        if let existing = try await existing(of: owner.requireID(), by: userID) { return (existing, false) }
        // The card as the holder sees it: the same 404s (a block either way, a suspended owner),
        // unless a parallel request just made this block.
        let card: RinShareService.Card
        do {
            card = try await RinShareService(context: context).card(token, actingAs: acting, by: userID)
        } catch let error as AppError where error.status == .notFound {
            if let existing = try await existing(of: owner.requireID(), by: userID) { return (existing, false) }
            throw error
        }
        return try await make(card.owner, label: card.view.displayName, by: userID)
    }

    /// Blocks a profile I know: one the profile I act as may see, one a contact of mine is linked
    /// to, or one that asked me for a field. Any other is a 404, as if there were none.
    func block(person profileID: UUID, actingAs acting: UUID?, by userID: UUID) async throws -> (block: RinProfileBlock, created: Bool) {
        let viewer = try await RinProfileService(context: context).acting(acting, by: userID)
        guard let owner = try await RinProfile.find(profileID, on: context.database) else { throw AppError.notFound("profile") }
        if owner.$user.id == userID { throw AppError.conflict(field: "profileId", "That is your own profile.") }
        if let existing = try await existing(of: profileID, by: userID) { return (existing, false) }
        let mine = try await RinProfile.query(on: context.database).filter(\.$user.$id == userID).all(\.$id)
        // The view decides visibility itself (a 404 when the name is not for me): one resolution, not two.
        let shown: Components.Schemas.RinPersonView?
        do {
            shown = try await RinVisibility.view(of: owner, by: .profile(viewer), context: context)
        } catch let error as AppError where error.status == .notFound {
            shown = nil
        }
        if let shown { return try await make(owner, label: shown.displayName, by: userID) }
        if let contact = try await RinContact.query(on: context.database).filter(\.$profile.$id ~~ mine)
            .filter(\.$linkedProfile.$id == profileID).filter(\.$mergedInto.$id == nil).sort(\.$createdAt).first() {
            // My own name for them: it tells me nothing I did not write.
            return try await make(owner, label: contact.displayName, by: userID)
        }
        if try await RinAsk.query(on: context.database).filter(\.$profile.$id ~~ mine).filter(\.$requesterProfile.$id == profileID)
            .first() != nil {
            return try await make(owner, label: nil, by: userID)
        }
        // A parallel request's block hides the profile from the checks above.
        if let existing = try await existing(of: profileID, by: userID) { return (existing, false) }
        throw AppError.notFound("profile")
    }

    /// The profiles I blocked, most recent first.
    func blocks(by userID: UUID, page: PageRequest) async throws -> Page<RinProfileBlock> {
        try await RinProfileBlock.query(on: context.database).filter(\.$blocker.$id == userID)
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// Lifts one of my blocks. What the block ended (declined asks) stays ended.
    func unblock(_ blockID: UUID, by userID: UUID) async throws {
        guard let block = try await RinProfileBlock.query(on: context.database).filter(\.$id == blockID)
            .filter(\.$blocker.$id == userID).first()
        else { throw AppError.notFound("block") }
        try await block.delete(on: context.database)
    }

    /// At most `RinRules.displayNameLimit` code points (the contract's count), cut between
    /// characters: a contact's own name for someone may be longer than a profile's.
    static func shortened(_ label: String) -> String {
        var kept = "", scalars = 0
        for character in label {
            scalars += character.unicodeScalars.count
            guard scalars <= RinRules.displayNameLimit else { break }
            kept.append(character)
        }
        return kept
    }

    private func existing(of profileID: UUID, by userID: UUID) async throws -> RinProfileBlock? {
        try await RinProfileBlock.query(on: context.database).filter(\.$blocker.$id == userID)
            .filter(\.$blockedProfile.$id == profileID).first()
    }

    /// Makes the block once (a parallel request's block is the answer) and declines, silently,
    /// every pending ask between that profile and my account.
    private func make(_ owner: RinProfile, label: String?, by userID: UUID) async throws -> (block: RinProfileBlock, created: Bool) {
        let ownerID = try owner.requireID()
        let name = label.map(Self.shortened).flatMap { $0.isEmpty ? nil : $0 } ?? Self.unnamed
        let block = RinProfileBlock(blocker: userID, profile: ownerID, label: name, at: context.now)
        do {
            try await block.create(on: context.database)
        } catch {
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await existing(of: ownerID, by: userID)
            else { throw error }
            return (existing, false)
        }
        try await RinAskService.declinePending(between: owner, andAccount: userID, on: context.database, now: context.now)
        return (block, true)
    }
}
