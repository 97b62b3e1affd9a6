import Foundation
import HTTPTypes
import KindredTestSupport
import RinCircles
import RinCore
import Testing

/// Rin's Circles feature against a real server running in-process: the list and its cache,
/// making and changing circles. Members and navigation are in `RinCirclesTests+Members`, the grid in
/// `RinCirclesTests+Grid`.
@MainActor
@Suite("Rin circles")
struct RinCirclesTests {
    /// Ada on a phone whose network the test can switch off, with Rin started.
    static func ada(_ kindred: TestKindred, directory: URL? = nil) async throws -> (KindredSession, RinContext, FlakyNetwork) {
        let network = FlakyNetwork()
        let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network,
                                 retryPolicy: .init(maximumAttempts: 2, baseDelay: .milliseconds(5)))
        try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada Lovelace")
        let context = RinContext(session: ada, directory: directory)
        await context.start()
        return (ada, context, network)
    }

    /// Someone else on Kindred who has opened Rin, and their primary profile.
    static func person(_ kindred: TestKindred, _ username: String, _ displayName: String) async throws -> (KindredSession, UUID) {
        let session = KindredSession(serverURL: try #require(kindred.baseURL))
        try await session.signUp(email: "\(username)@example.com", password: "correct horse \(username)", username: username, displayName: displayName)
        return (session, try await session.rinSettings().primaryProfileId)
    }

    static func sent(_ network: FlakyNetwork, _ method: HTTPRequest.Method) -> Int {
        network.sent.filter { $0.method == method }.count
    }

    // MARK: - The list

    @Test func aNewProfileHasFiveCirclesOfWhichRinsOwnTwoStay() async throws {
        try await withKindred(running: true) { kindred in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rin-circles-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let (ada, context, network) = try await Self.ada(kindred, directory: folder)
            let profile = try #require(context.profileID)

            let model = CirclesModel(context: context)
            await model.load()

            #expect(model.error == nil)
            #expect(model.profileID == profile)
            #expect(model.circles.map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
            #expect(model.circles.map(\.kind) == [.contacts, ._public, .family, .friends, .colleagues])
            #expect(model.circles.map(\.color) == [._num_6b7280, ._num_3b82f6, ._num_ef4444, ._num_22c55e, ._num_8b5cf6])
            #expect(model.circles.map(\.template) == [.nameOnly, .nameOnly, .permissive, .moderate, .restricted])
            #expect(model.circles.map(\.memberCount) == [nil, nil, 0, 0, 0])
            #expect(model.circles.map { model.canDelete($0) } == [false, false, true, true, true])
            #expect(model.circles.map { model.canRename($0) } == [false, false, true, true, true])
            #expect(!model.hasCustomCircles)
            #expect(model.suggestedColor == ._num_f97316, "the first colour no circle uses")

            // Contacts and Public keep their names and stay; their emoji and colour may change.
            let contacts = try #require(model.circles.first { $0.kind == .contacts })
            let everyone = try #require(model.circles.first { $0.kind == ._public })
            let patches = Self.sent(network, .patch)
            #expect(await model.delete(everyone.id) == false)
            #expect(model.error == "Public is one of Rin's own circles; it can't be deleted.")
            #expect(await model.rename(contacts.id, to: "Everyone I know") == false)
            #expect(model.fieldErrors == ["name": "Contacts is one of Rin's own circles; its name stays."])
            #expect(Self.sent(network, .patch) == patches, "refused on the device, nothing sent")
            #expect(Self.sent(network, .delete) == 0)
            #expect(await model.setEmoji("📇", of: contacts.id))
            #expect(model.error == nil)
            let server = try await ada.rinCircles(of: profile)
            #expect(server.map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
            #expect(server.first?.emoji == "📇")

            // The app opens again with no connection: the list this device kept shows at once.
            network.offline = true
            let relaunched = RinContext(session: ada, directory: folder)
            await relaunched.start()
            #expect(relaunched.profileID == profile)
            let again = CirclesModel(context: relaunched)
            await again.load()
            #expect(again.circles == model.circles)
            #expect(again.circles.first?.emoji == "📇")
            #expect(again.error == "Kindred could not be reached. Check your connection.")
            #expect(!again.isLoading)
        }
    }

    @Test func aNameOfThirtyCharactersIsMadeAndOneOfThirtyOneIsRefusedBeforeSending() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, network) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let model = CirclesModel(context: context)
            await model.load()

            // setup: names a person counts as 30 characters, whatever their scalars
            let accented = "Soirées crêpes & cidre à Brest"
            let emojiHeavy = "Família e amigos 👨‍👩‍👧👩🏽‍💻🇵🇹 do Porto!"
            let thumbs = String(repeating: "👍🏽", count: 30)
            #expect([accented, emojiHeavy, thumbs].map(\.count) == [30, 30, 30])
            #expect(thumbs.unicodeScalars.count == 60)

            // act: typed with decomposed accents and spaces around, as some keyboards send it
            let orange = model.suggestedColor
            let typed = "  " + accented.decomposedStringWithCanonicalMapping + " \n"
            #expect(typed.unicodeScalars.count > 33)
            let brest = try #require(await model.create(name: typed, emoji: " 🥞 ", template: .moderate))
            let porto = try #require(await model.create(name: emojiHeavy, emoji: "❤️", color: ._num_ec4899))
            let teal = model.suggestedColor
            let thumbsUp = try #require(await model.create(name: thumbs))

            // validate
            #expect(brest.name == accented)
            #expect(brest.name.unicodeScalars.count == 30, "stored in NFC")
            #expect(brest.emoji == "🥞")
            #expect(brest.template == .moderate)
            #expect(brest.kind == .custom)
            #expect(brest.memberCount == 0)
            #expect(orange == ._num_f97316)
            #expect(brest.color == orange, "the colour the model said the server would pick")
            #expect(porto.name == emojiHeavy)
            #expect(porto.color == ._num_ec4899)
            #expect(porto.template == .restricted, "no choice opens least")
            #expect(teal == ._num_14b8a6)
            #expect(thumbsUp.color == teal)
            #expect(model.hasCustomCircles)
            #expect(model.circles.suffix(3).map(\.name) == [accented, emojiHeavy, thumbs])
            #expect(try await ada.rinCircles(of: profile) == model.circles)

            // Refused on the device, in the server's words, with nothing sent.
            let posts = Self.sent(network, .post)
            let tooLong = "Ça c’est l’équipe d’été à Nîmes"
            #expect(tooLong.count == 31)
            #expect(await model.create(name: tooLong) == nil)
            #expect(model.fieldErrors == ["name": "A circle's name is at most 30 characters."])
            #expect(model.error == "A circle's name is at most 30 characters.")
            #expect(await model.create(name: String(repeating: "👨‍👩‍👧", count: 30)) == nil, "30 characters but 150 scalars")
            #expect(model.fieldErrors == ["name": CircleRules.nameTooLong])
            #expect(await model.create(name: " \n ") == nil)
            #expect(model.fieldErrors == ["name": "Give the circle a name."])
            #expect(await model.create(name: "Tab\there") == nil)
            #expect(model.fieldErrors == ["name": "A circle's name is one line of text."])
            for emoji in ["❤", "ab", "🙂🙂", "😀\u{301}", "7"] {
                #expect(await model.create(name: "Emoji", emoji: emoji) == nil, "\(emoji)")
                #expect(model.fieldErrors == ["emoji": "Choose one emoji, or none (removeEmoji)."], "\(emoji)")
            }
            #expect(await model.create(name: "", emoji: "ab") == nil)
            #expect(model.fieldErrors.count == 2)
            #expect(model.error == "Some fields need another look.")
            #expect(Self.sent(network, .post) == posts, "nothing refused on the device was sent")
            #expect(model.circles.count == 8)

            // Refused by the server: a profile holds at most 100 circles, and this list is stale.
            for number in try await ada.rinCircles(of: profile).count..<100 {
                _ = try await ada.createRinCircle(in: profile, .init(name: "Circle \(number)"))
            }
            #expect(await model.create(name: "One too many") == nil)
            #expect(model.fieldErrors == ["name": "A profile has at most 100 circles."])
            #expect(model.error == "A profile has at most 100 circles.")
            #expect(model.circles.count == 8)
            #expect(try await ada.rinCircles(of: profile).count == 100)
        }
    }

    @Test func aCircleIsRenamedRecolouredAndDeletedAndADeletionElsewhereShows() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, network) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let model = CirclesModel(context: context)
            await model.load()
            let club = try #require(await model.create(name: "Climbing"))

            #expect(await model.rename(club.id, to: "  Climbing club  "))
            #expect(model.circle(club.id)?.name == "Climbing club")
            #expect(await model.setEmoji("🧗", of: club.id))
            #expect(await model.setColor(._num_14b8a6, of: club.id))
            var server = try #require(try await ada.rinCircles(of: profile).first(where: { $0.id == club.id }))
            #expect(server.name == "Climbing club")
            #expect(server.emoji == "🧗")
            #expect(server.color == ._num_14b8a6)
            #expect(model.circle(club.id) == server)

            // The edit form: three changes in one, then the emoji taken away.
            #expect(await model.update(club.id, name: "Crag rats", emoji: "🪨", color: ._num_f59e0b))
            #expect(await model.setEmoji("  ", of: club.id))
            server = try #require(try await ada.rinCircles(of: profile).first(where: { $0.id == club.id }))
            #expect(server.name == "Crag rats")
            #expect(server.emoji == nil)
            #expect(server.color == ._num_f59e0b)
            #expect(model.circle(club.id) == server)
            #expect(await context.pendingChanges == 0)
            #expect(model.waiting.isEmpty)
            let patches = Self.sent(network, .patch)
            #expect(await model.update(club.id, name: " Crag rats", emoji: nil, color: ._num_f59e0b))
            #expect(Self.sent(network, .patch) == patches, "nothing to change sends nothing")

            // Family is one of the prepopulated three: renamed and deleted at will.
            let family = try #require(model.circles.first { $0.kind == .family })
            #expect(await model.rename(family.id, to: "Famille"))
            #expect(try await ada.rinCircles(of: profile).map(\.name).contains("Famille"))
            #expect(await model.delete(family.id))
            #expect(await model.delete(club.id))
            #expect(model.circles.map(\.name) == ["Contacts", "Public", "Friends", "Colleagues"])
            #expect(try await ada.rinCircles(of: profile).map(\.name) == ["Contacts", "Public", "Friends", "Colleagues"])

            // Another device deletes a circle this list still shows: a change to it is refused
            // after it was queued, and the list becomes the server's again.
            let books = try #require(await model.create(name: "Book club", emoji: "📚"))
            try await ada.deleteRinCircle(books.id)
            #expect(await model.rename(books.id, to: "Reading") == false)
            #expect(model.error == "No circle was found.")
            #expect(model.circle(books.id) == nil)
            #expect(context.refusedChanges.isEmpty, "a refusal is shown once, where the change was made")
            // Deleting what another device deleted is what was wanted.
            let chess = try #require(await model.create(name: "Chess ♟️"))
            try await ada.deleteRinCircle(chess.id)
            #expect(await model.delete(chess.id))
            #expect(model.circle(chess.id) == nil)
            #expect(model.error == nil)

            // Offline a deletion waits in the queue, the circle gone here (and from a list opened
            // meanwhile), and lands when the connection returns. Creating needs the server: the
            // circle's id is its.
            let friends = try #require(model.circles.first { $0.kind == .friends })
            network.offline = true
            #expect(await model.delete(friends.id))
            #expect(model.circle(friends.id) == nil && model.error == nil)
            #expect(await context.pendingChanges == 1)
            #expect(await model.create(name: "Offline") == nil)
            #expect(model.error == "Kindred could not be reached. Check your connection.")
            network.offline = false
            let meanwhile = CirclesModel(context: context)
            await meanwhile.load()
            #expect(meanwhile.circle(friends.id) == nil)
            #expect(try await ada.rinCircles(of: profile).contains { $0.id == friends.id }, "not sent yet")
            await context.sync()
            #expect(await context.pendingChanges == 0)
            #expect(try await ada.rinCircles(of: profile).map(\.name) == ["Contacts", "Public", "Colleagues"])
        }
    }

    @Test func aChangeMadeOfflineShowsAtOnceAndLandsWhenBackOnline() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, network) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let model = CirclesModel(context: context)
            await model.load()
            let friends = try #require(model.circles.first { $0.kind == .friends })

            network.offline = true
            #expect(await model.rename(friends.id, to: "Close friends 🫶"))
            #expect(await model.setColor(._num_ec4899, of: friends.id))
            #expect(model.circle(friends.id)?.name == "Close friends 🫶")
            #expect(model.circle(friends.id)?.color == ._num_ec4899)
            #expect(model.waiting == [friends.id])
            #expect(model.error == nil)
            #expect(context.refusedChanges.isEmpty)
            #expect(await context.pendingChanges == 2)

            // Online again, opened before the queue was sent: what waits shows over the server's.
            network.offline = false
            #expect(try await ada.rinCircles(of: profile).first(where: { $0.id == friends.id })?.name == "Friends")
            let reopened = CirclesModel(context: context)
            await reopened.load()
            #expect(reopened.circle(friends.id)?.name == "Close friends 🫶")
            #expect(reopened.circle(friends.id)?.color == ._num_ec4899)
            #expect(reopened.waiting == [friends.id])

            await context.sync()
            #expect(await context.pendingChanges == 0)
            let server = try #require(try await ada.rinCircles(of: profile).first(where: { $0.id == friends.id }))
            #expect(server.name == "Close friends 🫶")
            #expect(server.color == ._num_ec4899)
            await model.load()
            #expect(model.waiting.isEmpty)
            #expect(model.circle(friends.id) == server)
        }
    }
}
