import Foundation
import KindredTestSupport
import RinCircles
import RinCore
import Testing

/// A circle's members page by page, added and taken out (online and off), and the Circles
/// coordinator's routes.
extension RinCirclesTests {
    // MARK: - Members

    @Test func membersComeAndGoPageByPageAndTheCountStaysRight() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, network) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let (_, grace) = try await Self.person(kindred, "grace", "Grace Hopper")
            let (alan, alanProfile) = try await Self.person(kindred, "alan", "Alan Turing")
            let hedy = KindredSession(serverURL: try #require(kindred.baseURL))
            try await hedy.signUp(email: "hedy@example.com", password: "frequency hopping", username: "hedy")
            // Alan keeps his name from everyone on Rin he has not put in a circle.
            let alanPublic = try #require(try await alan.rinCircles(of: alanProfile).first(where: { $0.kind == ._public }))
            try await alan.updateRinPolicies(of: alanProfile, [.init(circleId: alanPublic.id, fieldKey: "name", access: .deny)])
            var contacts: [UUID] = []
            for name in ["Émilie du Châtelet", "Charles Babbage", "Mary Somerville"] {
                contacts.append(try await ada.createRinContact(in: profile, .init(displayName: name)).id)
            }
            let circles = try await ada.rinCircles(of: profile)
            let family = try #require(circles.first { $0.kind == .family })

            let model = CircleMembersModel(context: context, circleID: family.id, pageSize: 2)
            await model.load()
            #expect(model.circle?.name == "Family")
            #expect(model.memberCount == 0)
            #expect(model.members.isEmpty)
            #expect(model.canAddMembers)

            // act: three contacts (one named twice), then Grace by her username
            #expect(await model.add(contacts: contacts + [contacts[0]]))
            #expect(model.memberCount == 3)
            #expect(Set(model.members.compactMap(\.contactId)) == Set(contacts))
            #expect(await model.add(username: "  @Grace "))
            #expect(model.usernameError == nil)
            #expect(model.memberCount == 4)
            #expect(model.members.first?.profileId == grace)
            #expect(model.members.first?.displayName == "Grace Hopper")
            #expect(await model.add(contacts: [contacts[1]]), "one already in stays as it was")
            #expect(model.memberCount == 4)
            #expect(model.members.count == 4)

            // Nobody, someone who hides their name, someone who never opened Rin: one answer.
            let lookups = network.sent.filter { $0.path?.contains("/rin/people") == true }.count
            for nobody in ["nobody_at_all", "alan", "@hedy", "a_username_far_too_long"] {
                #expect(await model.add(username: nobody) == false)
                #expect(model.usernameError == CircleMembersModel.noSuchUsername, "\(nobody)")
            }
            #expect(network.sent.filter { $0.path?.contains("/rin/people") == true }.count == lookups + 3, "the long one is nobody's")
            #expect(await model.add(username: " @ ") == false)
            #expect(model.usernameError == "Type their username.")
            #expect(model.memberCount == 4)

            // Page by page, the most recently added first.
            let paged = CircleMembersModel(context: context, circleID: family.id, pageSize: 2)
            await paged.load()
            #expect(paged.members.count == 2)
            #expect(paged.hasMore)
            #expect(paged.memberCount == 4)
            #expect(paged.members.first?.profileId == grace)
            await paged.loadMore()
            #expect(paged.members.count == 4)
            #expect(!paged.hasMore)
            #expect(Set(paged.members.map(\.id)) == Set(model.members.map(\.id)))
            #expect(Set(paged.members.compactMap(\.displayName)) == ["Grace Hopper", "Émilie du Châtelet", "Charles Babbage", "Mary Somerville"])

            // Taken out at once.
            let emilie = try #require(paged.members.first { $0.contactId == contacts[0] })
            #expect(await paged.remove(emilie.id))
            #expect(paged.memberCount == 3)
            #expect(paged.members.count == 3)
            #expect(try await ada.rinCircleMembers(family.id).items.count == 3)

            // Taken out offline: gone from the list and the count, sent when back online.
            network.offline = true
            let babbage = try #require(paged.members.first { $0.contactId == contacts[1] })
            #expect(await paged.remove(babbage.id))
            #expect(paged.memberCount == 2)
            #expect(paged.waiting == [babbage.id])
            network.offline = false
            #expect(try await ada.rinCircleMembers(family.id).items.count == 3, "not sent yet")
            let reopened = CircleMembersModel(context: context, circleID: family.id)
            await reopened.load()
            #expect(reopened.memberCount == 2)
            #expect(reopened.members.count == 2)
            #expect(reopened.waiting == [babbage.id])
            await context.sync()
            #expect(try await ada.rinCircleMembers(family.id).items.count == 2)
            await reopened.load()
            #expect(reopened.waiting.isEmpty)
            #expect(reopened.memberCount == 2)
            let list = CirclesModel(context: context)
            await list.load()
            #expect(list.circle(family.id)?.memberCount == 2)

            // A contact opens in Contacts; a Rin person has no screen to open yet.
            let mary = try #require(reopened.members.first { $0.contactId == contacts[2] })
            #expect(reopened.route(for: mary) == .contact(contacts[2]))
            let graceRow = try #require(reopened.members.first { $0.profileId == grace })
            #expect(reopened.route(for: graceRow) == nil)

            // Contacts and Public list nobody and take nobody; a circle not of this profile is missing.
            let computed = CircleMembersModel(context: context, circleID: try #require(circles.first { $0.kind == .contacts }).id)
            await computed.load()
            #expect(!computed.canAddMembers)
            #expect(computed.memberCount == nil)
            #expect(computed.members.isEmpty)
            #expect(await computed.add(contacts: [contacts[2]]) == false)
            #expect(computed.error == CircleRules.nobodyIsAddedToSystemCircles)
            let gone = CircleMembersModel(context: context, circleID: UUID())
            await gone.load()
            #expect(gone.isMissing)
            #expect(gone.error == CircleMembersModel.missingCircle)
        }
    }

    // MARK: - Navigation

    final class Asked {
        var routes: [RinRoute] = []
    }

    @Test func theCoordinatorOpensCircleLinksAndHandsContactsToTheShell() throws {
        let coordinator = CirclesCoordinator()
        let asked = Asked()
        coordinator.navigate = { asked.routes.append($0) }
        let (circle, contact) = (UUID(), UUID())

        #expect(coordinator.open(.circle(circle)))
        #expect(coordinator.path == [.circle(circle)])
        coordinator.show(.addMembers(circle))
        coordinator.show(.circleGrid(circle))
        #expect(coordinator.path == [.circle(circle), .addMembers(circle), .circleGrid(circle)])
        #expect(coordinator.open(.circles))
        #expect(coordinator.path.isEmpty, "the list is the root")
        coordinator.show(.grid)
        let url = try #require(URL(string: "rin://circles/\(circle.uuidString.lowercased())"))
        let link = try #require(RinRoute(url: url))
        #expect(coordinator.open(link))
        #expect(coordinator.path == [.circle(circle)], "a link replaces what was open")
        for route: RinRoute in [.home(), .home(section: .review), .contact(contact), .profile(), .profile(UUID()), .asks, .settings, .onboarding] {
            #expect(!coordinator.open(route), "\(route)")
        }
        #expect(coordinator.path == [.circle(circle)], "another feature's route leaves the path alone")
        #expect(asked.routes.isEmpty)

        #expect(coordinator.open(member: RinCircleMember(id: UUID(), contactId: contact, displayName: "Grace", addedAt: Date())))
        #expect(asked.routes == [.contact(contact)])
        #expect(!coordinator.open(member: RinCircleMember(id: UUID(), profileId: UUID(), addedAt: Date())))
        #expect(asked.routes == [.contact(contact)])

        coordinator.show(.addMembers(circle))
        coordinator.circleDeleted(circle)
        #expect(coordinator.path.isEmpty)
        coordinator.show(.grid)
        coordinator.show(.circleGrid(circle))
        coordinator.show(.overlap)
        coordinator.circleDeleted(circle)
        #expect(coordinator.path == [.grid])
        coordinator.show(.newCircle)
        coordinator.popToRoot()
        #expect(coordinator.path.isEmpty)
    }
}
