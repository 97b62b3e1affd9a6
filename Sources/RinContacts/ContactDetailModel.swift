import Foundation
import Observation
import RinCore

/// One contact: my own values for them, their circles, and when the card is linked to a Rin
/// person, what that person lets me see. From here: favourite, link or unlink, add to a circle,
/// merge with another card (and undo a merge made into this one), export as a vCard, delete.
@MainActor @Observable
public final class ContactDetailModel {
    /// The contact shown: it changes when a merge by hand keeps the other, older card.
    public private(set) var contactID: UUID
    public private(set) var contact: RinContactDetail?
    /// What is shown is this device's copy: the server has not answered (yet, or at all).
    public private(set) var isCached = false
    /// The server has no such contact (deleted elsewhere, merged away, or never mine).
    public private(set) var isMissing = false
    /// Deleted here: the screen should close. The deletion may still wait in the queue.
    public private(set) var isDeleted = false
    public private(set) var error: String?
    /// What was just done, in words ("Unlinked.").
    public private(set) var status: String?
    /// A problem with the username typed to link, shown by that field.
    public private(set) var linkError: String?
    /// Merges that made other cards into this one, newest first, each undoable.
    public private(set) var mergedHere: [RinMergeRecord] = []
    /// The circles this contact could still be added to.
    public private(set) var availableCircles: [RinCircle] = []
    /// An undo the server refused because the contact was edited since: confirm to let the
    /// edits go (`confirmUndo()`), or `cancelUndo()`.
    public private(set) var undoNeedingConfirmation: RinMergeRecord?
    /// The other contact of the last undone merge, a card of its own again.
    public private(set) var restored: RinContactDetail?

    private let context: RinContext

    public init(context: RinContext, contactID: UUID) {
        self.context = context
        self.contactID = contactID
    }

    public var isLinked: Bool { contact?.linkedPerson != nil }
    /// "Ada Lovelace.vcf".
    public var exportFileName: String { ContactsWords.vCardFileName(contact?.displayName ?? "") }

    /// The kept copy at once, then the server's (kept for next time).
    public func load() async {
        if contact == nil, let kept = await context.kept(RinContactDetail.self, as: .contact(contactID)) {
            (contact, isCached) = (await context.pendingContactChanges().apply(to: kept), true)
        }
        await refresh()
    }

    public func refresh() async {
        let id = contactID
        do {
            let fresh = try await context.session.rinContact(id)
            guard id == contactID else { return }
            // A card merged away (on another device, by an import) answers as the one that holds it.
            if fresh.id != id {
                contactID = fresh.id
                await context.forget(.contact(id))
            }
            await show(fresh)
        } catch {
            guard id == contactID else { return }
            if error.httpStatus == 404 {
                (contact, isMissing, isCached) = (nil, true, false)
                await context.forget(.contact(id))
            } else {
                self.error = error.localizedDescription
            }
        }
    }

    /// Stars or unstars: shown at once, sent through the queue.
    public func toggleFavourite() async {
        guard var shown = contact else { return }
        shown.favourite.toggle()
        contact = shown
        status = shown.favourite ? "Added to your favourites." : "Taken out of your favourites."
        await context.keep(shown, as: .contact(shown.id))
        if await context.submit(.updateContact(shown.id, .init(favourite: shown.favourite))).isRefused {
            await refresh()
        }
    }

    /// Deletes the contact: gone from view at once, sent through the queue.
    public func delete() async {
        let id = contactID
        isDeleted = true
        status = contact.map { "\($0.displayName) was deleted." }
        await context.forget(.contact(id))
        await context.submit(.deleteContact(id))
    }

    /// Links the card to a Rin person: by their username (with or without its "@"), or by the
    /// share link they gave (`https://…/r/<token>` or `rin://cards/<token>`), which is the only
    /// way to an alternate.
    @discardableResult
    public func link(to text: String) async -> Bool {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        linkError = nil
        guard !typed.isEmpty else {
            linkError = "Type their username or paste their card's link."
            return false
        }
        let token: String? = URL(string: typed).flatMap(RinRoute.init(url:)).flatMap { route in
            if case .card(let token) = route { token } else { nil }
        }
        let name = typed.hasPrefix("@") ? String(typed.dropFirst()) : typed
        do {
            if let token {
                let linked = try await context.session.linkRinContact(contactID, toCard: token)
                await show(linked)
                status = "Linked to \(linked.linkedPerson?.displayName ?? "their card") on Rin."
            } else {
                await show(try await context.session.linkRinContact(contactID, toUsername: name))
                status = "Linked to \(name) on Rin."
            }
            return true
        } catch {
            if error.httpStatus == 404 {
                linkError = token == nil ? "Nobody on Rin with that username shares a profile with you."
                    : "That link doesn't work (anymore). Ask them for their current link."
            } else if let message = (error as? KindredError).flatMap({ $0.fieldErrors["username"] ?? $0.fieldErrors["token"] }) {
                linkError = message
            } else {
                self.error = error.localizedDescription
            }
            return false
        }
    }

    @discardableResult
    public func unlink() async -> Bool {
        do {
            await show(try await context.session.unlinkRinContact(contactID))
            status = "Unlinked."
            return true
        } catch {
            self.error = error.localizedDescription
            return false
        }
    }

    /// The contact as a vCard 4.0 file (my own values, never what a linked person shares).
    public func exportVCard() async -> Data? {
        do {
            let data = try await context.session.exportRinContact(contactID)
            status = contact.map { "Exported \($0.displayName) as a vCard file." }
            return data
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    /// Merges another card into this person by hand. The older of the two keeps its id, so the
    /// contact shown may become the other one (`contactID` follows it).
    @discardableResult
    public func merge(with otherID: UUID) async -> RinMergeResult? {
        let before = contactID
        do {
            let result = try await context.session.mergeRinContacts(contactID, with: otherID)
            for gone in [before, otherID] where gone != result.contact.id { await context.forget(.contact(gone)) }
            contactID = result.contact.id
            await show(result.contact)
            status = "Merged into one contact. To undo it, use Undo under “Merged into this contact”."
            await loadMerges()
            return result
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    /// The merges that made other cards into this one.
    public func loadMerges() async {
        guard let profile = contact?.profileId else { return }
        let id = contactID
        guard let merges = try? await context.session.rinMerges(of: profile, limit: 100).items, id == contactID else { return }
        mergedHere = merges.filter { $0.survivorId == id }
    }

    /// Undoes a merge made into this contact; one refused because the contact was edited since
    /// waits in `undoNeedingConfirmation`.
    public func undo(_ merge: RinMergeRecord) async {
        await undo(merge, discardEdits: false)
    }

    public func confirmUndo() async {
        guard let merge = undoNeedingConfirmation else { return }
        await undo(merge, discardEdits: true)
    }

    public func cancelUndo() {
        undoNeedingConfirmation = nil
    }

    /// The circles of the book this contact is not in yet (Contacts and Public are computed).
    public func loadCircles() async {
        guard let profile = contact?.profileId else { return }
        do {
            let circles = try await context.session.rinCircles(of: profile)
            let mine = Set(contact?.circles.map(\.id) ?? [])
            availableCircles = circles.filter { !$0.isSystem && !mine.contains($0.id) }
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Adds the contact to one of my circles: shown at once, sent through the queue.
    public func addToCircle(_ circle: RinCircle) async {
        guard var shown = contact, !shown.circles.contains(where: { $0.id == circle.id }) else { return }
        shown.circles.append(RinCircleRef(id: circle.id, kind: circle.kind, name: circle.name, emoji: circle.emoji, color: circle.color))
        contact = shown
        availableCircles.removeAll { $0.id == circle.id }
        status = "Added to \(circle.name)."
        if await context.submit(.addCircleMembers(circle: circle.id, profiles: [], contacts: [shown.id])).isRefused {
            await refresh()
        }
    }

    /// Asks the linked person for a field they keep on Ask for me.
    @discardableResult
    public func ask(for field: RinAskableField) async -> Bool {
        guard let person = contact?.linkedPerson else { return false }
        do {
            try await context.session.askRinPerson(person.profileId, for: field.key, actingAs: contact?.profileId)
            status = "You asked. It shows here if they say yes."
            await refresh()
            return true
        } catch {
            self.error = error.localizedDescription
            return false
        }
    }

    /// Follows what the linked person decides: when they approve an ask of mine, what they let
    /// me see has grown, and the contact is read again. Runs until the caller's task is cancelled.
    public func followChanges() async {
        for await event in context.events() {
            guard case .rin_ask_approved(let approved) = event, approved.profileId == contact?.linkedPerson?.profileId else { continue }
            await refresh()
            status = "They said yes: what you asked for is shown now."
        }
    }

    public func clearMessages() {
        (error, status, linkError) = (nil, nil, nil)
    }

    private func undo(_ merge: RinMergeRecord, discardEdits: Bool) async {
        undoNeedingConfirmation = nil
        do {
            let result = try await context.session.undoRinMerge(merge.id, discardEdits: discardEdits)
            mergedHere.removeAll { $0.id == merge.id }
            restored = result.restored
            await context.keep(result.restored, as: .contact(result.restored.id))
            if result.survivor.id == contactID { await show(result.survivor) }
            status = "\(result.restored.displayName) is a contact of its own again."
        } catch let error as KindredError where MergeUndo.needsConfirmation(error) {
            undoNeedingConfirmation = merge
            self.error = error.localizedDescription
        } catch {
            self.error = error.localizedDescription
        }
    }

    private func show(_ detail: RinContactDetail) async {
        let overlay = await context.pendingContactChanges()
        (contact, isCached, isMissing, error) = (overlay.apply(to: detail), false, false, nil)
        await context.keep(detail, as: .contact(detail.id))
    }
}

enum MergeUndo {
    /// The server refused because the survivor was edited since: it names `discardEdits`, the
    /// one thing that would let it go ahead (a later merge in the way names `mergeId`).
    static func needsConfirmation(_ error: KindredError) -> Bool {
        error.status == 409 && error.fieldErrors["discardEdits"] != nil
    }
}
