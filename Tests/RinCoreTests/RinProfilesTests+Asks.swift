import Foundation
import HTTPTypes
import KindredTestSupport
import NIOConcurrencyHelpers
import OpenAPIRuntime
import Testing
@testable import KindredServer
@testable import RinProfiles

@MainActor
extension RinProfilesTests {
    @Test func anAskIsSentOnceApprovedLiveAndADeclineStaysRequested() async throws {
        try await withKindred(running: true) { kindred in
            // setup: Bob is in Ada's Friends, where her address and birthday are on Ask
            let ada = try await ProfilesPerson.join(kindred, "ada")
            let bob = try await ProfilesPerson.join(kindred, "bob")
            let (adaID, bobID) = (try #require(ada.profileID), try #require(bob.profileID))
            try await ProfilesPerson.fill(ada)
            let friends = try #require(try await ada.session.rinCircles(of: adaID).first { $0.kind == .friends })
            try await ada.session.addRinCircleMembers(friends.id, profiles: [bobID])

            let inbox = AsksInboxModel(context: ada)
            await inbox.load()
            #expect(inbox.asks.isEmpty && inbox.badgeCount == 0 && inbox.badgeText == nil)
            let lookup = PersonLookupModel(context: bob)
            lookup.username = "@ada"
            let found = try #require(await lookup.find())
            let person = PersonModel(context: bob, person: found)
            await person.load()
            #expect(person.sharedFields.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.email, .phone])
            let address = try #require(person.askableFields.first { $0.kind == .address })
            let birthday = try #require(person.askableFields.first { $0.kind == .birthday })
            #expect(!address.requested)

            let inboxListening = Task { await inbox.followChanges() }
            let personListening = Task { await person.followChanges() }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.session.userID)) == 1 }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await bob.session.userID)) == 1 }

            // act: Bob asks for the address, twice; a shown field cannot be asked for
            await person.ask(address)
            #expect(person.askableFields.first { $0.key == address.key }?.requested == true && person.error == nil)
            await person.ask(address)
            await person.ask(RinAskableField(key: try #require(person.sharedFields.first).key, kind: .phone, requested: false))
            // The reload ends with the badge: once it reads 1, the reload is done.
            try await eventually { await MainActor.run { inbox.asks.count == 1 && inbox.badgeCount == 1 } }
            let request = try #require(inbox.asks.first)
            #expect(request.requester.displayName == "bob" && request.field.key == address.key && inbox.badgeText == "1")

            // Ada approves: Bob's page shows the address, live
            await inbox.approve(request)
            #expect(inbox.asks.isEmpty && inbox.badgeCount == 0 && inbox.notice == "bob can see your home address now.")
            try await eventually { await MainActor.run { person.sharedFields.contains { $0.key == address.key } } }
            #expect(person.notice != nil && !person.askableFields.contains { $0.key == address.key })

            // a decline is silent: Bob goes on seeing that he asked, and asking again does nothing
            await person.ask(birthday)
            try await eventually { await MainActor.run { inbox.asks.count == 1 && inbox.badgeCount == 1 } }
            await inbox.decline(try #require(inbox.asks.first))
            #expect(inbox.asks.isEmpty && inbox.notice == "Declined. bob isn't told.")
            await person.load()
            #expect(person.askableFields.first { $0.key == birthday.key }?.requested == true)
            #expect(!person.sharedFields.contains { $0.key == birthday.key })
            await person.ask(birthday)
            await inbox.load()
            #expect(inbox.asks.isEmpty && inbox.badgeCount == 0)
            await stop(inboxListening, personListening)
        }
    }

    @Test func asksActAsTheChosenAlternateAndTheDailyLimitIsShown() async throws {
        try await withKindred(running: true, adjust: { $0.rin.asksPerDay = 2 }) { kindred in
            let ada = try await ProfilesPerson.join(kindred, "ada")
            let bob = try await ProfilesPerson.join(kindred, "bob")
            let adaID = try #require(ada.profileID)
            try await ProfilesPerson.fill(ada)

            // Bob works on an alternate: Ada's profile is as Public shows it to that one
            let alternate = try #require(await ProfilesModel(context: bob).createAlternate(kind: .professional, displayName: "Robert Builds"))
            let person = PersonModel(context: bob, profileID: adaID)
            await person.load()
            #expect(person.person?.displayName == "ada" && person.sharedFields.isEmpty && person.askableFields.isEmpty)

            // Ada puts the alternate (not Bob) in Friends: it may ask, and the ask is its own
            let friends = try #require(try await ada.session.rinCircles(of: adaID).first { $0.kind == .friends })
            try await ada.session.addRinCircleMembers(friends.id, profiles: [alternate.id])
            await person.load()
            let askable = person.askableFields
            #expect(askable.count == 3)
            await person.ask(askable[0])
            await person.ask(askable[1])
            #expect(person.error == nil)

            // validate: the third ask in a day is refused in the server's words, and stays unasked
            await person.ask(askable[2])
            #expect(person.error?.hasPrefix("Too many attempts. Try again in") == true, "\(person.error ?? "no error")")
            #expect(person.askableFields.map(\.requested) == [true, true, false])

            // Ada's inbox, a page at a time, names the alternate as it lets her see it
            let inbox = AsksInboxModel(context: ada, pageSize: 1)
            await inbox.load()
            #expect(inbox.asks.count == 1 && inbox.nextCursor != nil && inbox.badgeCount == 2 && inbox.badgeText == "2")
            await inbox.loadMore()
            #expect(inbox.asks.count == 2 && inbox.nextCursor == nil)
            #expect(inbox.asks.allSatisfy { $0.requester.displayName == "Robert Builds" && $0.requester.profileId == alternate.id })
            await inbox.approve(inbox.asks[0], allFields: true)
            #expect(inbox.notice == "Robert Builds can see every field of this profile now." && inbox.badgeCount == 1)
            await person.load()
            #expect(person.askableFields.isEmpty && person.sharedFields.count == 4 && person.person?.bio != nil)
        }
    }

    @Test func nobodyByThatUsernameIsSaidOnTheUsername() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await ProfilesPerson.join(kindred, "ada")
            let lookup = PersonLookupModel(context: ada)
            #expect(await lookup.find() == nil && lookup.usernameError == "Type their username.")
            lookup.username = "nobody_here"
            #expect(await lookup.find() == nil)
            #expect(lookup.usernameError == "Nobody on Rin with that username shares a profile with you." && lookup.error == nil)
            let missing = PersonModel(context: ada, profileID: UUID())
            await missing.load()
            #expect(missing.isUnavailable && missing.error == nil)
        }
    }

    @Test func staleScreensAndNoConnectionAreSaidAndRecoverFrom() async throws {
        try await withKindred(running: true) { kindred in
            // setup
            let network = FlakyNetwork()
            let ada = try await ProfilesPerson.join(kindred, "ada", transport: network)
            let bob = try await ProfilesPerson.join(kindred, "bob")
            let (adaID, bobID) = (try #require(ada.profileID), try #require(bob.profileID))
            try await ProfilesPerson.fill(ada)
            let friends = try #require(try await ada.session.rinCircles(of: adaID).first { $0.kind == .friends })
            try await ada.session.addRinCircleMembers(friends.id, profiles: [bobID])

            // a field opened to Bob after his screen was read: his ask finds it shown, and the screen catches up
            let person = PersonModel(context: bob, profileID: adaID)
            await person.load()
            let address = try #require(person.askableFields.first { $0.kind == .address })
            try await ada.session.updateRinPolicies(of: adaID, [.init(circleId: friends.id, fieldKey: address.key, access: .allow)])
            await person.ask(address)
            #expect(person.error != nil && person.sharedFields.contains { $0.key == address.key })
            #expect(!person.askableFields.contains { $0.key == address.key })
            person.dismissNotice()

            // the alternate Ada works on is deleted on her tablet: her inbox falls back to the primary
            let profiles = ProfilesModel(context: ada)
            let gone = try #require(await profiles.createAlternate(kind: .anonymous, displayName: "Fleeting Fox"))
            let tablet = try await ProfilesPerson.signIn(kindred, "ada")
            #expect(await ProfilesModel(context: tablet).delete(gone))
            let inbox = AsksInboxModel(context: ada)
            await inbox.load()
            #expect(inbox.profileID == adaID && inbox.error == nil && ada.profileID == adaID)
            inbox.dismissNotice()
            // and an editor opened on it says it is missing
            let missing = ProfileEditorModel(context: ada, profileID: gone.id)
            await missing.load()
            #expect(missing.isMissing && missing.error == nil)
            #expect(await profiles.delete(gone), "already gone is done")

            // no connection: every failure is said, no form is blamed, and nothing changes
            let editor = ProfileEditorModel(context: ada, profileID: adaID)
            await editor.load()
            let fields = editor.fields
            network.offline = true
            #expect(await editor.addField(kind: .social, label: .linkedin, value: "linkedin.com/in/ada") == false)
            #expect(editor.error == "Kindred could not be reached. Check your connection." && editor.errors(.newField).isEmpty)
            #expect(editor.fields == fields)
            editor.displayName = "Countess of Lovelace"
            #expect(await editor.save() == false)
            #expect(editor.error != nil && editor.hasChanges)
            editor.discardChanges()
            #expect(!editor.hasChanges && editor.displayName == "ada")
            await profiles.load()
            #expect(profiles.error != nil)
            profiles.dismissError()
            #expect(profiles.error == nil)
            network.offline = false
            #expect(await editor.addField(kind: .social, label: .linkedin, value: "linkedin.com/in/ada"))
            #expect(editor.error == nil && editor.fields.count == fields.count + 1)
        }
    }

    // MARK: - Routes and rules

    @Test func theCoordinatorOwnsProfileAndAsksRoutesOnly() async throws {
        let session = KindredSession(serverURL: try #require(URL(string: "http://127.0.0.1:9")))
        let coordinator = ProfilesCoordinator(context: RinContext(session: session, directory: nil))
        var handedOn: [RinRoute] = []
        coordinator.navigate = { handedOn.append($0) }
        let id = UUID()

        #expect(coordinator.open(.profile(id)) && coordinator.path == [.editor(id)])
        coordinator.show(.seeAs)
        coordinator.show(.person(id))
        #expect(coordinator.path == [.editor(id), .seeAs, .person(id)])
        coordinator.pop()
        #expect(coordinator.path == [.editor(id), .seeAs])
        #expect(coordinator.open(.profile(nil)) && coordinator.path.isEmpty)
        #expect(coordinator.open(.asks) && coordinator.path == [.asks])
        coordinator.popToRoot()
        #expect(coordinator.path.isEmpty)
        for route in [RinRoute.settings, .home(), .home(section: .review), .contact(id), .circles, .circle(id), .onboarding] {
            #expect(!coordinator.open(route), "\(route)")
        }
        #expect(coordinator.path.isEmpty && handedOn.isEmpty)
        coordinator.go(to: .settings)
        coordinator.go(to: .asks)
        #expect(handedOn == [.settings] && coordinator.path == [.asks])
        let linked = try #require(RinRoute(url: RinRoute.profile(id).url))
        coordinator.popToRoot()
        #expect(coordinator.open(linked) && coordinator.path == [.editor(id)])
    }

    @Test func theCopiedRulesRefuseWhatTheServerRefuses() {
        #expect(ProfileRules.isBirthday("2000-02-29") && ProfileRules.isBirthday("--02-29") && ProfileRules.isBirthday("1815-12-10"))
        #expect(!ProfileRules.isBirthday("1900-02-29") && !ProfileRules.isBirthday("2001-13-01") && !ProfileRules.isBirthday("10-12-1815"))
        #expect(!ProfileRules.isBirthday("--1-10") && !ProfileRules.isBirthday("0999-01-01") && !ProfileRules.isBirthday("2001-04-31"))
        #expect(ProfileRules.displayNameProblem("Ada\u{202E}") == "Remove the text-direction control characters from this text.")
        #expect(ProfileRules.displayNameProblem("Ada\nLovelace") == "Remove the control characters (such as NUL) from this text.")
        #expect(ProfileRules.bioProblem("Line one\n\tLine two") == nil)
        #expect(ProfileRules.bioProblem("Ends\u{0}") != nil)
        // The contract counts code points: 80 flags are 80 characters but 160 code points.
        #expect(ProfileRules.displayNameProblem(String(repeating: "🇬🇧", count: 80)) == "Names are at most 80 characters.")
        #expect(ProfileRules.fieldProblems(kind: .birthday, label: .home, value: "--01-02", isPrimary: true)
                == ["label": "A birthday has no label.", "isPrimary": "Only a phone or an e-mail is primary."])
        #expect(ProfileRules.fieldProblems(kind: .phone, label: nil, value: "", isPrimary: nil)
                == ["label": "Label a phone as one of: mobile, home, work, other.", "value": "Enter a value."])
        #expect(ProfileRules.looksLikeEmail("mailto:ada@example.com") && !ProfileRules.looksLikeEmail("a b@example.com"))
        #expect(AsksInboxModel.fieldText(.init(key: "field:x", kind: .email, label: .work)) == "your work e-mail")
        #expect(AsksInboxModel.fieldText(.init(key: "field:x", kind: .social, label: .linkedin)) == "your LinkedIn")
    }
}
