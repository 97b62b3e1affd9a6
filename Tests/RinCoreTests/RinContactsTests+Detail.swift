import Foundation
import KindredTestSupport
import RinContacts
import Testing
@testable import KindredServer

@MainActor
extension RinContactsTests {
    @Test func offlineTheEditorSavesOnTheDeviceAndTheQueueDeliversIt() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let grace = try await ada.contact(.init(givenName: "Grace", familyName: "Hopper"))
            ada.network.offline = true

            let edit = ContactEditorModel(context: ada.context, editing: grace)
            edit.title = "Rear Admiral"
            edit.addValue(.phone)
            edit.values[0].value = "+1 202 555 0101"
            #expect(await edit.save())
            #expect(edit.savedOffline && edit.status?.contains("Saved on this device") == true)
            #expect(edit.saved?.title == "Rear Admiral")
            let new = ContactEditorModel(context: ada.context, editing: nil)
            new.givenName = "Alan"
            new.familyName = "Turing"
            #expect(await new.save() && new.savedOffline && new.saved == nil)
            #expect(await ada.context.pendingChanges == 2)
            // The contact's page shows the edit while it waits.
            let detail = ContactDetailModel(context: ada.context, contactID: grace.id)
            await detail.load()
            #expect(detail.contact?.title == "Rear Admiral" && detail.isCached)

            ada.network.offline = false
            await ada.context.sync()
            #expect(await ada.context.pendingChanges == 0)
            let sent = try await ada.session.rinContact(grace.id)
            #expect(sent.title == "Rear Admiral" && sent.values.map(\.value) == ["+1 202 555 0101"])
            #expect(try await ada.session.rinContacts(of: try ada.profileID).items.map(\.displayName) == ["Alan Turing", "Grace Hopper"])
        }
    }

    // MARK: - The detail

    @Test func theDetailLinksUnlinksExportsMergesAndDeletes() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let grace = try await RinContactsDevice.make(kindred, "grace")
            let card = try await ada.contact(.init(givenName: "Grace", familyName: "Hopper",
                                                   values: [.init(kind: .email, label: "work", value: "grace@navy.example")]))
            let second = try await ada.contact(.init(givenName: "G.", familyName: "Hopper", organization: "US Navy"))
            let detail = ContactDetailModel(context: ada.context, contactID: card.id)
            await detail.load()
            #expect(detail.contact?.displayName == "Grace Hopper" && !detail.isLinked && !detail.isCached)

            // act: link by username, with or without its "@"
            #expect(await detail.link(to: "  ") == false && detail.linkError == "Type their username or paste their card's link.")
            #expect(await detail.link(to: "nobody") == false)
            #expect(detail.linkError == "Nobody on Rin with that username shares a profile with you.")
            #expect(await detail.link(to: "ada") == false && detail.linkError?.contains("That's you") == true)
            #expect(await detail.link(to: "@grace"))
            #expect(detail.isLinked && detail.status == "Linked to grace on Rin." && detail.linkError == nil)
            #expect(try await ada.session.rinContacts(of: try ada.profileID, query: "hopper").items.first { $0.id == card.id }?.isLinked == true)
            #expect(await detail.unlink())
            #expect(!detail.isLinked && detail.status == "Unlinked.")

            // act: link by the card link she gave (her alternate, which has no username); a revoked one no longer links
            let work = try await grace.session.createRinProfile(.init(kind: .professional, displayName: "Rear Admiral Hopper"))
            let shared = try await grace.session.rinShareLink(of: work.profile.id)
            #expect(await detail.link(to: " \(shared.link) "))
            #expect(detail.contact?.linkedPerson?.profileId == work.profile.id && detail.status == "Linked to Rear Admiral Hopper on Rin.")
            #expect(await detail.unlink())
            try await grace.session.revokeRinShareLink(of: work.profile.id)
            #expect(await detail.link(to: shared.link) == false)
            #expect(detail.linkError == "That link doesn't work (anymore). Ask them for their current link.")

            // act: export
            let vcard = try #require(await detail.exportVCard())
            let text = String(decoding: vcard, as: UTF8.self)
            #expect(text.contains("BEGIN:VCARD") && text.contains("grace@navy.example"))
            #expect(detail.exportFileName == "Grace Hopper.vcf")

            // act: a favourite, through the queue
            await detail.toggleFavourite()
            #expect(detail.contact?.favourite == true)
            #expect(try await ada.session.rinContact(card.id).favourite)

            // act: merged with the other card by hand, then undone
            let merged = try #require(await detail.merge(with: second.id))
            #expect(merged.merge.kind == .manual && detail.contactID == card.id, "the older card keeps its place")
            #expect(detail.contact?.organization == "US Navy" && detail.mergedHere.map(\.id) == [merged.merge.id])
            // The merged-away card's page, opened from an old link, follows to the one that holds it.
            let absorbed = ContactDetailModel(context: ada.context, contactID: second.id)
            await absorbed.load()
            #expect(absorbed.contactID == card.id && absorbed.contact?.id == card.id && !absorbed.isMissing)
            // Edited since the merge: the undo asks first, and then lets the edit go.
            try await ada.session.updateRinContact(card.id, .init(note: "edited after the merge"))
            await detail.undo(merged.merge)
            #expect(detail.undoNeedingConfirmation?.id == merged.merge.id && detail.mergedHere.count == 1)
            detail.cancelUndo()
            #expect(detail.undoNeedingConfirmation == nil)
            await detail.undo(merged.merge)
            await detail.confirmUndo()
            #expect(detail.mergedHere.isEmpty && detail.restored?.id == second.id && detail.undoNeedingConfirmation == nil)
            #expect(detail.contact?.organization == nil && detail.contact?.note == nil)
            detail.clearMessages()
            #expect(detail.error == nil && detail.status == nil && detail.linkError == nil)

            // act: circles, added to at once and through the queue
            await detail.loadCircles()
            let friends = try #require(detail.availableCircles.first { $0.kind == .friends })
            await detail.addToCircle(friends)
            #expect(detail.contact?.circles.map(\.id) == [friends.id] && !detail.availableCircles.contains { $0.id == friends.id })
            #expect(try await ada.session.rinContact(card.id).circles.map(\.id) == [friends.id])

            // act: deleted: gone from view at once, then from the server
            await detail.delete()
            #expect(detail.isDeleted)
            #expect(await ada.context.pendingChanges == 0)
            let gone = ContactDetailModel(context: ada.context, contactID: card.id)
            await gone.load()
            #expect(gone.isMissing && gone.contact == nil)
        }
    }

    @Test func aYesToMyAskShowsOnTheLinkedContactLive() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let grace = try await RinContactsDevice.make(kindred, "grace")
            // Grace keeps her phone on Ask for her Contacts, and has Ada in her book.
            let phone = try await grace.session.addRinField(to: try grace.profileID, .init(kind: .phone, label: .mobile, value: "+1 202 555 0101"))
            let contacts = try #require(try await grace.session.rinCircles(of: try grace.profileID).first { $0.kind == .contacts })
            try await grace.session.updateRinPolicies(of: try grace.profileID, [.init(circleId: contacts.id, fieldKey: phone.key, access: .ask)])
            try await grace.session.linkRinContact(try await grace.contact(.init(displayName: "Ada")).id, toUsername: "ada")
            let card = try await ada.contact(.init(displayName: "Grace"))
            let detail = ContactDetailModel(context: ada.context, contactID: card.id)
            await detail.load()
            #expect(await detail.link(to: "grace"))
            let askable = try #require(detail.contact?.linkedPerson?.askable.first { $0.key == phone.key }, "\(String(describing: detail.contact?.linkedPerson))")
            let listening = Task { await detail.followChanges() }
            try await ada.listening(kindred, count: 1)

            // act: Ada asks; Grace says yes
            #expect(await detail.ask(for: askable))
            #expect(detail.contact?.linkedPerson?.askable.first { $0.key == phone.key }?.requested == true)
            let asked = try #require(try await grace.session.incomingRinAsks(of: try grace.profileID).items.first)
            try await grace.session.approveRinAsk(asked.id)

            // validate: Ada's page shows the phone without being read again by hand
            try await eventually { await MainActor.run { detail.contact?.linkedPerson?.fields.contains { $0.key == phone.key } == true } }
            #expect(detail.status == "They said yes: what you asked for is shown now.")
            await stop(listening)
        }
    }

    // MARK: - Navigation

    @Test func theCoordinatorOpensItsOwnPlacesAndHandsOnTheRest() {
        let coordinator = ContactsCoordinator()
        var elsewhere: [RinRoute] = []
        coordinator.navigate = { elsewhere.append($0) }
        let (grace, alan, circle) = (UUID(), UUID(), UUID())

        #expect(coordinator.open(.home(section: .review)) && coordinator.path == [.review])
        #expect(coordinator.currentRoute == .home(section: .review))
        #expect(coordinator.open(.home(section: .imports)) && coordinator.path == [.imports])
        coordinator.show(.importProgress(UUID()))
        #expect(coordinator.currentRoute == .home(section: .imports))
        #expect(coordinator.open(.home(section: .favourites)) && coordinator.path.isEmpty && coordinator.focusedSection == .favourites)
        #expect(coordinator.open(.home()) && coordinator.path.isEmpty && coordinator.focusedSection == nil)
        #expect(coordinator.open(.contact(grace)) && coordinator.path == [.contact(grace)])
        #expect(coordinator.currentRoute == .contact(grace))

        // Other features' places are not this feature's: the path stays, the shell is asked.
        for route: RinRoute in [.circles, .circle(circle), .profile(), .asks, .settings, .onboarding] {
            #expect(!coordinator.open(route))
        }
        #expect(coordinator.path == [.contact(grace)] && elsewhere.isEmpty)
        coordinator.showCircle(circle)
        coordinator.showElsewhere(.asks)
        coordinator.showElsewhere(.contact(alan))
        #expect(elsewhere == [.circle(circle), .asks])
        #expect(coordinator.path == [.contact(alan)])

        // The editor: a new contact's page replaces it; an edit goes back.
        coordinator.show(.edit(nil))
        coordinator.saved(nil, wasNew: true)
        #expect(coordinator.path == [.contact(alan)])
        coordinator.show(.edit(alan))
        #expect(coordinator.currentRoute == .contact(alan))
        coordinator.saved(nil, wasNew: false)
        #expect(coordinator.path == [.contact(alan)])

        // A contact merged into another, or deleted, leaves the stack.
        coordinator.show(.contact(grace))
        coordinator.show(.edit(grace))
        coordinator.contactGone(grace, replacedBy: alan)
        #expect(coordinator.path == [.contact(alan)])
        coordinator.contactGone(alan)
        #expect(coordinator.path.isEmpty)
        coordinator.show(.review)
        coordinator.show(.imports)
        coordinator.back()
        #expect(coordinator.path == [.review])
        coordinator.popToRoot()
        #expect(coordinator.path.isEmpty && coordinator.currentRoute == .home())
    }
}
