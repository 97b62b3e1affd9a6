import Fluent
import Foundation
import KindredAPI

/// Share links and the cards they open. The owner makes and revokes a profile's link; whoever
/// holds it sees the profile as the profile they act as would (Public, for a stranger) and may
/// add it to their book as a linked contact. An unknown or revoked token, a block either way (of
/// the accounts, or of the card's profile) or a suspended owner are all the same 404.
struct RinShareService {
    let context: ServiceContext

    /// The profile's live link, made on first ask (two devices asking at once get the same one).
    func link(of profileID: UUID, by userID: UUID) async throws -> RinShareLink {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        let id = try profile.requireID()
        if let existing = try await RinShareLink.query(on: context.database).filter(\.$profile.$id == id).first() { return existing }
        let link = RinShareLink(profileID: id, token: Secrets.randomToken(bytes: 16), at: context.now)
        do {
            try await link.create(on: context.database)
            return link
        } catch {
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await RinShareLink.query(on: context.database).filter(\.$profile.$id == id).first()
            else { throw error }
            return existing
        }
    }

    /// Stops the link at once; the next `link(of:by:)` makes a new one.
    func revoke(_ profileID: UUID, by userID: UUID) async throws {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        try await RinShareLink.query(on: context.database).filter(\.$profile.$id == profile.requireID()).delete()
    }

    struct Card {
        var owner: RinProfile
        var view: Components.Schemas.RinPersonView
        /// My live contact already linked to the card's profile, in the book I act as.
        var contact: RinContact?
        var isOwn: Bool
    }

    func card(_ token: String, actingAs acting: UUID?, by userID: UUID) async throws -> Card {
        let viewer = try await RinProfileService(context: context).acting(acting, by: userID)
        guard let link = try await RinShareLink.query(on: context.database).filter(\.$token == token).first(),
              let owner = try await RinProfile.find(link.$profile.id, on: context.database)
        else { throw Self.unknown }
        let ownerID = try owner.requireID()
        if owner.$user.id == userID {
            return Card(owner: owner, view: try await RinVisibility.view(of: owner, by: .profile(viewer), context: context), contact: nil, isOwn: true)
        }
        guard let account = try await User.find(owner.$user.id, on: context.database), account.suspendedAt == nil,
              !(try await Blocks.between(owner.$user.id, userID, on: context.database)),
              !(try await RinProfileBlocks.between(owner, viewer, on: context.database))
        else { throw Self.unknown }
        // The holder was given the link: they see the card even if its name is Don't Allow for
        // them, as a card with no name, rather than being told the link is dead.
        let view: Components.Schemas.RinPersonView
        do {
            view = try await RinVisibility.view(of: owner, by: .profile(viewer), context: context)
        } catch let error as AppError where error.status == .notFound {
            view = Components.Schemas.RinPersonView(profileId: ownerID, fields: [], askable: [])
        }
        let contact = try await RinContact.query(on: context.database).filter(\.$profile.$id == viewer.requireID())
            .filter(\.$linkedProfile.$id == ownerID).filter(\.$mergedInto.$id == nil).sort(\.$createdAt).first()
        return Card(owner: owner, view: view, contact: contact, isOwn: false)
    }

    /// Adds the card to the book I act as: a new contact linked to its profile, named as the card
    /// shows it, or the contact already linked to it. Linking is my act, and it puts them in my
    /// Contacts circle, so they see what that circle shows of me.
    func add(_ token: String, actingAs acting: UUID?, by userID: UUID) async throws -> (contact: RinContact, isNew: Bool) {
        let card = try await card(token, actingAs: acting, by: userID)
        guard !card.isOwn else { throw AppError.conflict(field: "token", "That is your own card.") }
        if let contact = card.contact { return (contact, false) }
        let book = try await RinProfileService(context: context).acting(acting, by: userID)
        var draft = RinContactService.Draft()
        draft.displayName = card.view.displayName ?? "Rin contact"
        let contact = try await RinContactService(context: context).create(draft, in: try book.requireID(), by: userID)
        contact.link(to: try card.owner.requireID(), via: .card, at: context.now)
        try await contact.save(on: context.database)
        return (contact, true)
    }

    static let unknown = AppError(.notFound, .notFound, "This link doesn't work (anymore). Ask for their current link.")
}
