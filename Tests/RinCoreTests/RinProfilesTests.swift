import Foundation
import KindredTestSupport
import OpenAPIRuntime
import Testing
@testable import KindredServer
@testable import RinProfiles

/// The Profiles feature's models over a real server: profiles and the picker, the editor and its
/// fields, "See as…", people and their asks, and the coordinator's routes.
@MainActor
@Suite("Rin's Profiles feature")
struct RinProfilesTests {
    // MARK: - Profiles and the picker

    @Test func alternatesAreMadeChosenRenamedAndDeletedWithinTheDailyLimit() async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let ada = try await ProfilesPerson.join(kindred, "ada")
            let profiles = ProfilesModel(context: ada)
            await profiles.load()
            let primary = try #require(profiles.primary)
            #expect(profiles.profiles.map(\.kind) == [.primary] && profiles.chosenID == primary.id && profiles.error == nil)

            // act: a blank name never leaves the device; then three alternates, each chosen as made
            #expect(await profiles.createAlternate(kind: .professional, displayName: "   ") == nil)
            #expect(profiles.creationErrors == ["displayName": "Enter a name."])
            let work = try #require(await profiles.createAlternate(kind: .professional, displayName: " Ada at Work ", discoverable: true))
            #expect(work.kind == .professional && work.displayName == "Ada at Work" && work.discoverable)
            #expect(ada.profileID == work.id && profiles.creationErrors.isEmpty)
            let personal = try #require(await profiles.createAlternate(kind: .personal, displayName: "Ada at Home", bio: "Weekends."))
            let anonymous = try #require(await profiles.createAlternate(kind: .anonymous, displayName: "Quiet Owl"))
            #expect(profiles.profiles.map(\.kind) == [.primary, .professional, .personal, .anonymous])
            #expect(ada.profileID == anonymous.id)

            // the picker
            profiles.choose(primary)
            #expect(ada.chosenProfileID == nil && ada.profileID == primary.id)
            profiles.choose(personal)
            #expect(ada.chosenProfileID == personal.id && profiles.chosenID == personal.id)

            // renamed in its editor: the card shows it at once
            let editor = ProfileEditorModel(context: ada, profileID: work.id)
            await editor.load()
            editor.displayName = "Ada Consulting"
            #expect(editor.hasChanges)
            #expect(await editor.save())
            #expect(ada.profiles.first { $0.id == work.id }?.displayName == "Ada Consulting" && !editor.hasChanges)

            // deleted: its book moves to the primary, and Rin works on the primary again
            _ = try await ada.session.createRinContact(in: personal.id, .init(displayName: "Grace Hopper"))
            #expect(await profiles.delete(personal))
            #expect(!profiles.profiles.contains { $0.id == personal.id } && ada.profileID == primary.id && ada.chosenProfileID == nil)
            #expect(try await ada.session.rinContacts(of: primary.id).items.map(\.displayName) == ["Grace Hopper"])
            #expect(try await ada.session.rinProfiles().map(\.id) == [primary.id, work.id, anonymous.id])

            // the primary cannot go
            #expect(!profiles.canDelete(primary))
            #expect(await profiles.delete(primary) == false)
            #expect(profiles.error == "Your primary profile goes only with your account.")

            // validate: a fourth in one day is refused with the server's words, and nothing is made
            #expect(await profiles.createAlternate(kind: .personal, displayName: "One Too Many") == nil)
            #expect(profiles.error?.hasPrefix("Too many attempts. Try again in") == true, "\(profiles.error ?? "no error")")
            #expect(profiles.profiles.count == 3)
            await profiles.load()
            #expect(profiles.profiles.map(\.id) == [primary.id, work.id, anonymous.id])

            // the next day there is room again
            kindred.clock.advance(by: 24 * 3600 + 60)
            #expect(await profiles.createAlternate(kind: .personal, displayName: "Ada Again") != nil)
        }
    }

    @Test func twentyLiveAlternatesAreTheMostAndAStaleDeviceShowsTheServersMessage() async throws {
        try await withKindred(running: true) { kindred in
            let phone = try await ProfilesPerson.join(kindred, "ada")
            let tablet = try await ProfilesPerson.signIn(kindred, "ada")
            let onPhone = ProfilesModel(context: phone)
            let onTablet = ProfilesModel(context: tablet)
            for number in 1..<ProfileRules.maxAlternates {
                if number % 3 == 1, number > 1 { kindred.clock.advance(by: 24 * 3600 + 60) }
                #expect(await onPhone.createAlternate(kind: .professional, displayName: "Alternate \(number)") != nil, "\(onPhone.error ?? "")")
            }
            await onTablet.load()
            #expect(onTablet.alternates.count == 19 && onTablet.canCreateAlternate)
            kindred.clock.advance(by: 24 * 3600 + 60)
            #expect(await onPhone.createAlternate(kind: .anonymous, displayName: "Alternate 20") != nil)

            // The phone knows: refused before anything is sent.
            #expect(!onPhone.canCreateAlternate)
            #expect(await onPhone.createAlternate(kind: .personal, displayName: "Alternate 21") == nil)
            let message = "You have 20 alternate profiles, the most there can be. Delete one first."
            #expect(onPhone.creationErrors == ["kind": message])
            // The tablet still counts 19: the server says no, in the same words, on the same field.
            #expect(await onTablet.createAlternate(kind: .personal, displayName: "Alternate 21") == nil)
            #expect(onTablet.creationErrors == ["kind": message] && onTablet.error == nil)
        }
    }

    // MARK: - The editor

    @Test func fieldsAreAddedNormalisedEditedMadePrimaryAndDeleted() async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let ada = try await ProfilesPerson.join(kindred, "ada")
            let primary = try #require(ada.profileID)
            #expect(ada.settings?.defaultRegion == "US")
            let editor = ProfileEditorModel(context: ada, profileID: primary)
            await editor.load()
            #expect(editor.fields.isEmpty && editor.isPrimary && editor.canHavePhoto)

            // act: a national number is read in the default region and stored in E.164
            #expect(await editor.addField(kind: .phone, label: .mobile, value: " (415) 555-2671 "))
            let mobile = try #require(editor.fields.first)
            #expect(mobile.value == "+14155552671" && mobile.isPrimary, "the first phone is primary")
            try await ada.session.updateRinSettings(defaultRegion: "GB")
            #expect(await editor.addField(kind: .phone, label: .work, value: "020 7946 0018"))
            let work = try #require(editor.fields.last)
            #expect(work.value == "+442079460018" && !work.isPrimary)

            // made primary: the other stops being primary, as the server says
            #expect(await editor.makePrimary(work))
            #expect(editor.fields.map(\.isPrimary) == [false, true])
            let shown = editor.fields
            await editor.load()
            #expect(editor.fields == shown)

            // an accented address over two lines, and the longest values the server takes
            let address = "Rue de l’Église 12\n75004 Paris — Île-de-France"
            #expect(await editor.addField(kind: .address, label: .home, value: address))
            #expect(editor.fields.last?.value == address)
            let longest = String(repeating: "é", count: ProfileRules.fieldValueLimit)
            #expect(await editor.addField(kind: .address, label: .work, value: longest))
            #expect(editor.fields.last?.value == longest)
            #expect(await editor.addField(kind: .address, label: .other, value: longest + "e") == false)
            #expect(editor.errors(.newField) == ["value": "A value is at most 500 characters."])

            // bad e-mails: one the device can tell, one only the server can, on the same field
            #expect(await editor.addField(kind: .email, label: .home, value: "ada.example.com") == false)
            #expect(editor.errors(.newField) == ["value": "Enter an e-mail address like name@example.com."])
            #expect(await editor.addField(kind: .email, label: .home, value: "ada@localhost") == false)
            #expect(editor.errors(.newField) == ["value": "Enter an e-mail address like name@example.com."] && editor.error == nil)
            // and a phone number only the server can read
            #expect(await editor.addField(kind: .phone, label: .home, value: "12") == false)
            #expect(editor.errors(.newField)["value"]?.hasPrefix("That") == true, "\(editor.errors(.newField))")
            #expect(await editor.addField(kind: .social, label: .mobile, value: "@ada") == false)
            #expect(editor.errors(.newField) == ["label": "Label a social as one of: linkedin, x, whatsapp, other."])

            // an e-mail keeps its local part as typed and lowercases its domain; edited the same way
            #expect(await editor.addField(kind: .email, label: .home, value: "Ada@Example.COM"))
            let email = try #require(editor.fields.last)
            #expect(email.value == "Ada@example.com" && email.isPrimary)
            #expect(await editor.updateField(email, label: .work, value: "Lovelace@Analytical.ENGINE"))
            #expect(editor.fields.last?.value == "Lovelace@analytical.engine" && editor.fields.last?.label == .work)
            #expect(await editor.updateField(email, value: "nobody@") == false)
            #expect(editor.errors(.field(email.id)) == ["value": "Enter an e-mail address like name@example.com."])

            // one birthday, a real date
            #expect(await editor.addField(kind: .birthday, label: nil, value: "1815-02-29") == false)
            #expect(await editor.addField(kind: .birthday, label: nil, value: "1815-12-10"))
            #expect(!editor.addableKinds.contains(.birthday))
            #expect(await editor.addField(kind: .birthday, label: nil, value: "--12-10") == false)
            #expect(editor.errors(.newField)["kind"] == "A profile has one birthday; change the one it has.")

            // deleted: the primary phone goes and none is promoted in its place
            #expect(await editor.deleteField(try #require(editor.fields.first { $0.id == work.id })))
            #expect(editor.fields.filter { $0.kind == .phone }.map(\.isPrimary) == [false])
            let afterDelete = editor.fields
            await editor.load()
            #expect(editor.fields == afterDelete && editor.fields.count == 5)

            // validate: name, bio and search setting saved together; the longest name and bio fit
            editor.displayName = String(repeating: "A", count: ProfileRules.displayNameLimit + 1)
            #expect(await editor.save() == false)
            #expect(editor.errors(.about) == ["displayName": "Names are at most 80 characters."])
            editor.displayName = String(repeating: "Å", count: ProfileRules.displayNameLimit)
            editor.bio = String(repeating: "ü", count: ProfileRules.bioLimit - 10) + "\nPoet too."
            editor.discoverable = false
            #expect(await editor.save())
            #expect(ada.primaryProfile?.displayName == editor.displayName && ada.primaryProfile?.discoverable == false)
            #expect(try await ada.session.rinProfile(primary).profile.bio == editor.bio)
        }
    }

    @Test func everyProfileTakesAPhotoOfItsOwnUpload() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await ProfilesPerson.join(kindred, "ada")
            let primary = try #require(ada.profileID)
            let editor = ProfileEditorModel(context: ada, profileID: primary)
            await editor.load()
            #expect(editor.canHavePhoto)

            // act: a real PNG becomes the primary's photo, and the card shows it
            #expect(await editor.setPhoto(Data(TestPNG.make(width: 6, height: 4, seed: 9))))
            let photo = try #require(editor.profile?.photo)
            #expect(photo.kind == .png && photo.width == 6)
            #expect(ada.primaryProfile?.photo?.id == photo.id)

            // an alternate takes one of its own, whose link does not name the account
            let alternate = try #require(await ProfilesModel(context: ada).createAlternate(kind: .personal, displayName: "Ada at Home"))
            let other = ProfileEditorModel(context: ada, profileID: alternate.id)
            await other.load()
            #expect(other.canHavePhoto && !other.isPrimary)
            #expect(await other.setPhoto(Data(TestPNG.make(width: 2, height: 2, seed: 1))))
            let own = try #require(other.profile?.photo)
            let account = try #require(await ada.session.userID)
            #expect(own.id != photo.id && !own.url.lowercased().contains(account.uuidString.lowercased()))
            #expect(ada.profiles.first { $0.id == alternate.id }?.photo?.id == own.id)

            // validate: the primary's upload on the alternate would tie the two: 422 on `photoId`, shown on the photo
            #expect(await other.update(RinProfileEdit(photoId: photo.id), form: .photo) == false)
            #expect(other.errors(.photo) == ["photoId": "Upload a photo of its own for this profile: that one is already shown on another of yours."])
            #expect(other.profile?.photo?.id == own.id && other.error == nil)

            // bytes that are no picture are refused by the server, and said
            #expect(await editor.setPhoto(Data("not a picture".utf8)) == false)
            #expect(editor.error != nil || !editor.errors(.photo).isEmpty)
            #expect(editor.profile?.photo?.id == photo.id)

            // removed
            #expect(await editor.removePhoto())
            #expect(editor.profile?.photo == nil && ada.primaryProfile?.photo == nil)
            #expect(await editor.removePhoto(), "nothing to remove is done at once")
        }
    }

    // MARK: - See as…

    @Test func seeAsShowsExactlyWhatEachViewerGets() async throws {
        try await withKindred(running: true) { kindred in
            // setup: Ada's profile, Bob in her Family, Carol a stranger
            let network = FlakyNetwork()
            let ada = try await ProfilesPerson.join(kindred, "ada", transport: network)
            let bob = try await ProfilesPerson.join(kindred, "bob")
            let carol = try await ProfilesPerson.join(kindred, "carol")
            let (adaID, bobID, carolID) = (try #require(ada.profileID), try #require(bob.profileID), try #require(carol.profileID))
            try await ProfilesPerson.fill(ada)
            let circles = try await ada.session.rinCircles(of: adaID)
            let family = try #require(circles.first { $0.kind == .family })
            let friends = try #require(circles.first { $0.kind == .friends })
            try await ada.session.addRinCircleMembers(family.id, profiles: [bobID])

            let seeAs = SeeAsModel(context: ada)
            await seeAs.load()
            #expect(seeAs.circles.map(\.kind) == [.contacts, .family, .friends, .colleagues])

            // act and validate: Public sees the name only
            let publicView = try #require(seeAs.view)
            #expect(seeAs.viewer == .public && seeAs.viewerDescription == "anyone on Rin")
            #expect(publicView.displayName == "ada" && publicView.fields.isEmpty && publicView.askable.isEmpty && publicView.bio == nil)

            // a friend in Family sees everything, exactly as he gets it himself
            await seeAs.see(as: .person(bobID), named: "bob")
            let asBob = try #require(seeAs.view)
            #expect(asBob.fields.count == 4 && asBob.bio == "Counts things." && asBob.askable.isEmpty)
            #expect(asBob == (try await bob.session.rinPerson(adaID)))

            // a stranger gets what Public gets, and the same as she gets herself
            await seeAs.see(as: .person(carolID))
            #expect(seeAs.view == (try await carol.session.rinPerson(adaID)))
            #expect(seeAs.view?.fields.isEmpty == true && seeAs.view?.displayName == "ada")

            // a contact in no other circle; someone in Friends (primary values shown, the rest on Ask)
            await seeAs.see(as: .contacts)
            #expect(seeAs.view?.fields.isEmpty == true && seeAs.viewerDescription == "a contact in no other circle")
            await seeAs.see(as: .circle(friends.id))
            #expect(seeAs.view?.fields.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.email, .phone])
            #expect(Set(seeAs.view?.askable.map(\.kind) ?? []) == [.address, .birthday, .bio])
            #expect(seeAs.viewerDescription == "someone in Friends")

            // by username; a circle's members who are on Rin
            #expect(await seeAs.seeAs(username: " @bob ") == bobID)
            #expect(seeAs.view == asBob && seeAs.viewerDescription == "bob")
            #expect(await seeAs.seeAs(username: "nobody") == nil)
            #expect(seeAs.usernameError == "Nobody on Rin with that username shares a profile with you.")
            #expect(await seeAs.people(in: family).map(\.profileId) == [bobID])

            // an answer to an older choice arriving late is dropped
            network.hold("viewer=profile")
            let slow = Task { await seeAs.see(as: .person(bobID)) }
            try await eventually { network.waiting(on: "viewer=profile") == 1 }
            await seeAs.see(as: .public)
            network.release("viewer=profile")
            await slow.value
            #expect(seeAs.viewer == .public && seeAs.view == publicView && !seeAs.isLoading)

            // a viewer who may not see the profile at all: its name kept from Public
            let name = RinPolicyChange(circleId: try #require(circles.first { $0.kind == ._public }?.id), fieldKey: "name", access: .deny)
            try await ada.session.updateRinPolicies(of: adaID, [name])
            await seeAs.see(as: .person(carolID))
            #expect(seeAs.isHidden && seeAs.view == nil && seeAs.error == nil)
        }
    }

    // MARK: - People and asks
}

/// People for these tests: signed up (or in again), with Rin started as the shell would.
@MainActor
enum ProfilesPerson {
    static func join(_ kindred: TestKindred, _ username: String, transport: (any ClientTransport)? = nil) async throws -> RinContext {
        let session = try session(kindred, transport)
        try await session.signUp(email: "\(username)@example.com", password: "correct horse \(username)", username: username)
        return await started(session)
    }

    /// Another device of someone already signed up.
    static func signIn(_ kindred: TestKindred, _ username: String) async throws -> RinContext {
        let session = try session(kindred, nil)
        try await session.signIn(email: "\(username)@example.com", password: "correct horse \(username)")
        return await started(session)
    }

    /// A phone, an e-mail (both primary), a home address, a birthday and a bio on the primary.
    static func fill(_ context: RinContext) async throws {
        let profile = try #require(context.primaryProfile?.id)
        let editor = ProfileEditorModel(context: context, profileID: profile)
        await editor.load()
        #expect(await editor.addField(kind: .phone, label: .mobile, value: "+1 415 555 2671"))
        #expect(await editor.addField(kind: .email, label: .home, value: "ada@example.com"))
        #expect(await editor.addField(kind: .address, label: .home, value: "12 St James's Square, London"))
        #expect(await editor.addField(kind: .birthday, label: nil, value: "1815-12-10"))
        editor.bio = "Counts things."
        #expect(await editor.save())
    }

    private static func session(_ kindred: TestKindred, _ transport: (any ClientTransport)?) throws -> KindredSession {
        let clock = kindred.clock
        return KindredSession(serverURL: try #require(kindred.baseURL), transport: transport ?? KindredSession.defaultTransport,
                              clock: { clock.now })
    }

    private static func started(_ session: KindredSession) async -> RinContext {
        let context = RinContext(session: session, directory: nil)
        await context.start()
        return context
    }
}
