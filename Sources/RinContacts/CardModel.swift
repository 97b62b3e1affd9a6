import Foundation
import Observation

/// The card a share link opened: whose it is (as they let the profile I act as see them) and
/// adding it to my book as a contact linked to them. An unknown or revoked link, or a block,
/// reads as a link that no longer works.
@MainActor @Observable
public final class CardModel {
    public let context: RinContext
    public let token: String
    public private(set) var card: RinCard?
    /// The link is unknown or revoked (the server's 404).
    public private(set) var isMissing = false
    /// The contact the card became, once added.
    public private(set) var contact: RinContactDetail?
    public private(set) var isWorking = false
    public private(set) var error: String?

    public init(context: RinContext, token: String) {
        self.context = context
        self.token = token
    }

    /// The name to show: the card's, or words for a card that shows none.
    public var name: String { card?.person.displayName ?? "Someone on Rin" }

    public func load() async {
        guard let scope = await context.scope() else { return }
        do {
            card = try await context.session.rinCard(token, actingAs: acting(scope.profile))
            (isMissing, error) = (false, nil)
        } catch {
            record(error)
        }
    }

    /// Adds the card to the book in use (or finds the contact already linked to it), and gives it.
    @discardableResult
    public func add() async -> RinContactDetail? {
        guard let scope = await context.scope() else { return nil }
        isWorking = true
        defer { isWorking = false }
        do {
            let added = try await context.session.addRinCard(token, actingAs: acting(scope.profile))
            (contact, error) = (added, nil)
            return added
        } catch {
            record(error)
            return nil
        }
    }

    /// The block, once made: the card is gone for me from then on.
    public private(set) var block: RinBlock?

    /// Blocks the card's profile (only it: never its owner's account), for every profile of mine.
    /// Its owner is not told; the card reads as gone.
    @discardableResult
    public func blockCard() async -> RinBlock? {
        guard let scope = await context.scope() else { return nil }
        isWorking = true
        defer { isWorking = false }
        do {
            let made = try await context.session.blockRinCard(token, actingAs: acting(scope.profile))
            (block, card, error) = (made, nil, nil)
            return made
        } catch {
            record(error)
            return nil
        }
    }

    /// Requests go out as the alternate in use, or as nobody in particular (the primary).
    private func acting(_ profile: UUID) -> UUID? {
        context.profile?.kind == .primary ? nil : profile
    }

    private func record(_ error: any Error) {
        if (error as? KindredError)?.status == 404 {
            isMissing = true
        }
        self.error = error.localizedDescription
    }
}
