import Foundation
import KindredTestSupport
import RinAppShell
import RinCircles
import RinContacts
import RinOnboarding
import RinProfiles
import RinSettings
import Testing
@testable import KindredServer

/// Rin's shell: tabs, `rin://` links, sign-in gating and onboarding, against a real server.
@MainActor
@Suite("Rin's app shell")
struct RinShellTests {
    static let id = UUID(uuidString: "0B6F3C2A-7E41-4D59-8A10-2C3D4E5F6A7B")!

    static func link(_ text: String) throws -> URL {
        try #require(URL(string: text))
    }

    /// A shell following `session`, ready once signed in and set up.
    static func running(_ session: KindredSession) -> (RinShell, Task<Void, Never>) {
        let shell = RinShell(context: RinContext(session: session, directory: nil))
        return (shell, Task { await shell.run() })
    }

    static func ready(_ shell: RinShell) async throws {
        try await eventually { await MainActor.run { shell.isReady } }
    }

    static func signedOut(_ shell: RinShell) async throws {
        try await eventually { await MainActor.run { !shell.isSignedIn && shell.context.account == nil } }
    }

    @Test func everyLinkLandsOnItsTabAndScreen() async throws {
        try await withKindred(running: true) { kindred in
            let ada = KindredSession(serverURL: try #require(kindred.baseURL))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let (shell, running) = Self.running(ada)
            try await Self.ready(shell)
            #expect(shell.isSignedIn)
            #expect(shell.presentsOnboarding, "a new account is onboarded")
            shell.presentsOnboarding = false
            let id = Self.id

            #expect(shell.open(try Self.link("rin://home?section=review")))
            #expect(shell.tab == .home)
            #expect(shell.contacts.path == [.review])
            #expect(shell.open(try Self.link("rin://home?section=imports")))
            #expect(shell.contacts.path == [.imports])
            #expect(shell.open(try Self.link("rin://home?section=favourites")))
            #expect(shell.contacts.path.isEmpty)
            #expect(shell.contacts.focusedSection == .favourites)

            #expect(shell.open(try Self.link("rin://circles/\(id)")))
            #expect(shell.tab == .circles)
            #expect(shell.circles.path == [.circle(id)])
            #expect(shell.open(try Self.link("rin://circles")))
            #expect(shell.tab == .circles)
            #expect(shell.circles.path.isEmpty)

            #expect(shell.open(try Self.link("rin://contacts/\(id.uuidString.lowercased())")))
            #expect(shell.tab == .home)
            #expect(shell.contacts.path == [.contact(id)])
            #expect(shell.open(try Self.link("rin://home")))
            #expect(shell.contacts.path.isEmpty)

            #expect(shell.open(try Self.link("rin://profile/\(id)")))
            #expect(shell.tab == .profile)
            #expect(shell.profiles.path == [.editor(id)])
            #expect(shell.open(try Self.link("rin://asks")))
            #expect(shell.profiles.path == [.asks])
            #expect(shell.open(try Self.link("rin://people/\(id)")))
            #expect(shell.profiles.path == [.person(id)])
            #expect(shell.open(try Self.link("rin://profile")))
            #expect(shell.profiles.path.isEmpty)

            shell.settings.show(.imports)
            #expect(shell.open(try Self.link("rin://settings")))
            #expect(shell.tab == .profile)
            #expect(shell.presentsSettings)
            #expect(shell.settings.path.isEmpty)
            // Any other place closes Settings to show itself.
            #expect(shell.open(try Self.link("rin://circles")))
            #expect(!shell.presentsSettings)

            shell.onboarding.path = [.region, .contacts]
            #expect(shell.open(try Self.link("rin://onboarding")))
            #expect(shell.presentsOnboarding)
            #expect(shell.onboarding.path.isEmpty)
            #expect(shell.tab == .circles, "onboarding covers the tabs and leaves them where they were")
            shell.presentsOnboarding = false

            // A feature asks for another's place through the shell.
            shell.contacts.showCircle(id)
            #expect(shell.tab == .circles)
            #expect(shell.circles.path == [.circle(id)])
            shell.circles.navigate(.contact(id))
            #expect(shell.tab == .home)
            #expect(shell.contacts.path == [.contact(id)])
            shell.profiles.go(to: .settings)
            #expect(shell.presentsSettings)
            shell.settings.navigate(.asks)
            #expect(!shell.presentsSettings)
            #expect(shell.profiles.path == [.asks])
            shell.contacts.showElsewhere(.profile())
            #expect(shell.tab == .profile)
            #expect(shell.profiles.path.isEmpty)
            await stop(running)
        }
    }

    @Test func anUnknownLinkIsRefusedAndChangesNothing() async throws {
        try await withKindred(running: true) { kindred in
            let ada = KindredSession(serverURL: try #require(kindred.baseURL))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let (shell, running) = Self.running(ada)
            try await Self.ready(shell)
            #expect(shell.open(try Self.link("rin://circles/\(Self.id)")))
            for text in ["rin://nowhere", "https://kindred.example/rin/circles", "rin://contacts/not-an-id",
                         "rin://circles/\(Self.id)/members", "rin://home?section=everything", "kinnect://profile"] {
                #expect(!shell.open(try Self.link(text)), "\(text)")
            }
            #expect(shell.tab == .circles)
            #expect(shell.circles.path == [.circle(Self.id)])
            #expect(shell.contacts.path.isEmpty)
            await stop(running)
        }
    }

    @Test func aLinkOpenedSignedOutOpensOnceSignedIn() async throws {
        try await withKindred(running: true) { kindred in
            let ada = KindredSession(serverURL: try #require(kindred.baseURL))
            let (shell, running) = Self.running(ada)
            try await Self.signedOut(shell)

            #expect(shell.open(try Self.link("rin://circles/\(Self.id)")))
            #expect(!shell.open(try Self.link("rin://nowhere")))
            #expect(shell.waitingRoute == .circle(Self.id))
            #expect(shell.tab == .home)
            #expect(shell.circles.path.isEmpty)

            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            try await Self.ready(shell)
            #expect(shell.tab == .circles)
            #expect(shell.circles.path == [.circle(Self.id)])
            #expect(shell.waitingRoute == nil)
            await stop(running)
        }
    }

    @Test func signingOutPopsEveryScreenAndTheNextAccountStartsAfresh() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: baseURL)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let book = try await ada.rinSettings().primaryProfileId
            _ = try await ada.createRinContact(in: book, .init(givenName: "Ada", familyName: "Lovelace"))
            let (shell, running) = Self.running(ada)
            try await Self.ready(shell)
            #expect(!shell.presentsOnboarding, "an account with contacts is not onboarded")
            #expect(shell.context.profileID == book)

            shell.open(.contact(Self.id))
            shell.contacts.show(.review)
            shell.open(.circle(Self.id))
            shell.circles.show(.grid)
            shell.open(.asks)
            shell.open(.settings)
            shell.settings.show(.waitingChanges)
            let before: [any RinCoordinator] = [shell.contacts, shell.circles, shell.profiles, shell.onboarding, shell.settings]

            await shell.settings.model.signOut()
            try await Self.signedOut(shell)
            #expect(shell.tab == .home)
            #expect(!shell.isReady)
            #expect(!shell.presentsSettings)
            #expect(!shell.presentsOnboarding)
            #expect(shell.badges.isEmpty)
            #expect(shell.contacts.path.isEmpty)
            #expect(shell.circles.path.isEmpty)
            #expect(shell.profiles.path.isEmpty)
            #expect(shell.settings.path.isEmpty)
            #expect(shell.onboarding.path.isEmpty)
            #expect(!before.contains { $0 === shell.contacts || $0 === shell.settings }, "no screen state survives")
            #expect((before[0] as? ContactsCoordinator)?.path.isEmpty == true)
            #expect((before[1] as? CirclesCoordinator)?.path.isEmpty == true)
            #expect((before[4] as? SettingsCoordinator)?.path.isEmpty == true)
            #expect(shell.context.profiles.isEmpty)

            // Grace signs in on the same phone: a new account, so onboarding, and nothing of Ada's.
            try await ada.signUp(email: "grace@example.com", password: "cobol-1959", username: "grace")
            try await Self.ready(shell)
            #expect(shell.presentsOnboarding)
            #expect(shell.context.profileID != book)
            #expect(shell.context.account == (await ada.userID))

            // Finishing with "import a file now" lands on the imports screen of Contacts.
            let onboarding = shell.onboarding
            await onboarding.advance()
            onboarding.model.region = "GB"
            await onboarding.advance()
            await onboarding.choose(.importFile)
            await onboarding.advance()
            await onboarding.advance()
            #expect(!shell.presentsOnboarding)
            #expect(shell.tab == .home)
            #expect(shell.contacts.path == [.imports])
            #expect(try await ada.rinSettings().defaultRegion == "GB")
            await stop(running)
        }
    }

    @Test func badgesCountWhatWaitsInReviewAndTheAsksInbox() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: baseURL)
            let grace = KindredSession(serverURL: baseURL)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            try await grace.signUp(email: "grace@example.com", password: "cobol-1959", username: "grace")
            let book = try await ada.rinSettings().primaryProfileId

            // Two Alan Turings at Bletchley with no phone or e-mail: probably one person, so Review.
            let alans = ["N:Turing;Alan;;;\r\nFN:Alan Turing\r\nORG:Bletchley Park", "N:Turing;Alan;;;\r\nFN:Alan Turing\r\nORG:Bletchley Park\r\nNOTE:the other card"]
                .map { "BEGIN:VCARD\r\nVERSION:3.0\r\n\($0)\r\nEND:VCARD\r\n" }.joined()
            let started = try await ada.importRinContacts(into: book, file: Data(alans.utf8), name: "bletchley.vcf")
            try await eventually(timeout: .seconds(180)) { try await ada.rinImport(started.id).phase == .done }

            // Grace is in Ada's Friends, for whom a birthday is on Ask.
            let birthday = try await ada.addRinField(to: book, .init(kind: .birthday, value: "1815-12-10"))
            let friends = try #require(try await ada.rinCircles(of: book).first { $0.kind == .friends })
            try await ada.addRinCircleMembers(friends.id, profiles: [try await grace.rinSettings().primaryProfileId])

            let (shell, running) = Self.running(ada)
            let listening = Task { await shell.followChanges() }
            try await Self.ready(shell)
            try await eventually { await MainActor.run { shell.badges[.profile] == 0 } }
            #expect(shell.badges[.home] == 1, "the two Alans wait in Review")
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }

            // Grace asks for it: the Profile tab's badge follows at once.
            let seen = try await grace.findRinPerson(username: "ada")
            let key = try #require(seen.askable.first { $0.kind == .birthday && !$0.requested }?.key)
            #expect(key.lowercased() == "field:" + birthday.id.uuidString.lowercased())
            #expect(try await grace.askRinPerson(seen.profileId, for: key))
            try await eventually { await MainActor.run { shell.badges[.profile] == 1 } }
            #expect(shell.badges[.home] == 1)

            try await ada.denyRinAsk(try #require(try await ada.incomingRinAsks(of: book).items.first).id)
            await shell.refreshBadges()
            #expect(shell.badges[.profile] == 0)
            #expect(shell.badges[.home] == 1)
            await stop(running, listening)
        }
    }
}
