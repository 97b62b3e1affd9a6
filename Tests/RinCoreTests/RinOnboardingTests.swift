import Foundation
import KindredTestSupport
import RinOnboarding
import Testing


/// Rin's first run, against a real server running in-process.
@MainActor
@Suite("Rin onboarding")
struct RinOnboardingTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rin-onboarding-" + UUID().uuidString)
    }

    /// What a coordinator hands to the shell, kept for the test to read.
    final class Handed {
        var routes: [RinRoute] = []
        var finished = 0
    }

    static func watch(_ onboarding: OnboardingCoordinator) -> Handed {
        let handed = Handed()
        onboarding.navigate = { handed.routes.append($0) }
        onboarding.finished = { handed.finished += 1 }
        return handed
    }

    @Test func aNewAccountChoosesItsRegionMeetsItsCirclesAndIsNotAskedAgain() async throws {
        try await withKindred(running: true) { kindred in
            let ada = KindredSession(serverURL: try #require(kindred.baseURL))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let context = RinContext(session: ada, directory: folder)
            await context.start()
            let onboarding = OnboardingCoordinator(context: context)
            let handed = Self.watch(onboarding)
            let model = onboarding.model

            #expect(await model.isNeeded())
            #expect(model.error == nil)
            #expect(onboarding.step == .welcome)
            await onboarding.advance()
            #expect(onboarding.path == [.region])
            #expect(model.regions.contains("JP"))
            #expect(model.regions.contains("GB"))
            #expect(!model.regionName(of: "JP").isEmpty)

            model.region = "JP"
            await onboarding.advance()
            #expect(onboarding.path == [.region, .contacts])
            #expect(try await ada.rinSettings().defaultRegion == "JP")
            #expect(context.settings?.defaultRegion == "JP")
            #expect(model.regionError == nil)

            // No choice yet: the step waits for one.
            await onboarding.advance()
            #expect(onboarding.step == .contacts)
            await onboarding.choose(.importFile)
            #expect(onboarding.path == [.region, .contacts, .circles])
            #expect(model.circles.map(\.circle.kind) == [.contacts, ._public, .family, .friends, .colleagues])
            #expect(model.circles.map(\.name) == ["Contacts", "Public", "Family", "Friends", "Colleagues"])
            let shows = Dictionary(uniqueKeysWithValues: model.circles.map { ($0.circle.kind, $0.shows) })
            #expect(shows[.contacts] == "Only your name.")
            #expect(shows[._public] == "Only your name.")
            #expect(shows[.family] == "Everything on your profile.")
            #expect(shows[.friends]?.contains("ask for anything else") == true)
            #expect(shows[.colleagues]?.contains("work phone") == true)
            #expect(model.circles.first { $0.circle.kind == .family }?.members == "The people you put in Family.")
            #expect(model.circles.first { $0.circle.kind == ._public }?.members.contains("Anyone on Rin") == true)

            await onboarding.advance()
            #expect(onboarding.step == .done)
            await onboarding.advance()
            #expect(model.isFinished)
            #expect(handed.finished == 1)
            #expect(handed.routes == [.home(section: .imports)], "the Contacts feature does the import")

            #expect(!(await model.isNeeded()))
            // The app is opened again on the same phone.
            let relaunched = RinContext(session: ada, directory: folder)
            await relaunched.start()
            #expect(!(await OnboardingModel(context: relaunched).isNeeded()))
            // Another phone, nothing kept there and a book still empty: the server remembers.
            #expect(try await ada.rinSettings().onboardedAt != nil)
            let otherPhone = RinContext(session: ada, directory: nil)
            await otherPhone.start()
            #expect(!(await OnboardingModel(context: otherPhone).isNeeded()))
            // Asked to forget it (onboarding offered again), a phone with nothing kept offers it.
            #expect(try await ada.updateRinSettings(onboarded: false).onboardedAt == nil)
            let thirdPhone = RinContext(session: ada, directory: nil)
            await thirdPhone.start()
            #expect(await OnboardingModel(context: thirdPhone).isNeeded())
        }
    }

    @Test func anAccountAlreadyInUseIsNotOnboardedOnANewDevice() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: baseURL, transport: network)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let profile = try await ada.rinSettings().primaryProfileId
            let contact = try await ada.createRinContact(in: profile, .init(givenName: "Zoë", familyName: "Núñez-Łukasiewicz"))
            #expect(contact.displayName == "Zoë Núñez-Łukasiewicz")

            let adaPhone = RinContext(session: ada, directory: nil)
            await adaPhone.start()
            let model = OnboardingModel(context: adaPhone)
            #expect(!(await model.isNeeded()))
            #expect(model.error == nil)
            // The answer is kept: asked again offline, the phone still knows.
            network.offline = true
            #expect(!(await OnboardingModel(context: adaPhone).isNeeded()))
            network.offline = false

            // A circle of her own also says the account is in use: the longest name a circle may have.
            let grace = KindredSession(serverURL: baseURL)
            try await grace.signUp(email: "grace@example.com", password: "cobol-1959", username: "grace")
            let name = "Ciné-club du jeudi à Göteborg🎬"
            #expect(name.count == 30)
            let circle = try await grace.createRinCircle(in: try await grace.rinSettings().primaryProfileId, .init(name: name))
            #expect(circle.name == name)
            let gracePhone = RinContext(session: grace, directory: nil)
            await gracePhone.start()
            #expect(!(await OnboardingModel(context: gracePhone).isNeeded()))

            // So do alternate profiles.
            let alan = KindredSession(serverURL: baseURL)
            try await alan.signUp(email: "alan@example.com", password: "enigma-1912", username: "alan")
            _ = try await alan.createRinProfile(.init(kind: .professional, displayName: "Dr A. M. Turing"))
            let alanPhone = RinContext(session: alan, directory: nil)
            await alanPhone.start()
            #expect(alanPhone.profiles.count == 2)
            #expect(!(await OnboardingModel(context: alanPhone).isNeeded()))

            // A phone that cannot reach the server does not guess that the account is new.
            let hopper = KindredSession(serverURL: baseURL, transport: network)
            try await hopper.signUp(email: "hopper@example.com", password: "nanosecond", username: "hopper")
            let hopperPhone = RinContext(session: hopper, directory: nil)
            network.offline = true
            await hopperPhone.start()
            let offline = OnboardingModel(context: hopperPhone)
            #expect(!(await offline.isNeeded()))
            #expect(offline.error != nil)
            network.offline = false
            #expect(await offline.isNeeded())
        }
    }

    @Test func aRegionRinDoesNotKnowIsRefusedWithTheServersReason() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let context = RinContext(session: ada, directory: nil)
            await context.start()
            let before = try #require(context.settings?.defaultRegion)
            let onboarding = OnboardingCoordinator(context: context)
            let handed = Self.watch(onboarding)
            let model = onboarding.model
            await onboarding.advance()

            model.region = "ZZ"
            await onboarding.advance()
            #expect(onboarding.path == [.region], "a refused region keeps the step")
            #expect(model.regionError?.contains("ZZ") == true)
            #expect(model.error == nil)
            #expect(try await ada.rinSettings().defaultRegion == before)
            #expect(context.settings?.defaultRegion == before)

            model.region = nil
            #expect(!(await model.saveRegion()))
            #expect(model.regionError != nil)

            // Offline, a new region cannot be saved; the one already saved needs no connection.
            network.offline = true
            model.region = before == "FR" ? "DE" : "FR"
            #expect(!(await model.saveRegion()))
            #expect(model.regionError == nil)
            #expect(model.error != nil)
            model.region = before
            #expect(await model.saveRegion())
            #expect(model.error == nil)
            network.offline = false

            model.region = "NZ"
            await onboarding.advance()
            #expect(onboarding.path == [.region, .contacts])
            #expect(try await ada.rinSettings().defaultRegion == "NZ")

            // Skipping the import: onboarding ends without sending anyone anywhere.
            await onboarding.choose(.skip)
            #expect(model.circles.count == 5)
            await onboarding.advance()
            await onboarding.advance()
            #expect(handed.finished == 1)
            #expect(handed.routes.isEmpty)
            #expect(model.nextRoute == nil)

            // Opened again by its link: from the welcome; it owns no other place.
            #expect(onboarding.open(.onboarding))
            #expect(onboarding.path.isEmpty)
            #expect(!onboarding.open(.home()))
            #expect(!onboarding.open(.settings))
            onboarding.path = [.region, .contacts]
            onboarding.popToRoot()
            #expect(onboarding.step == .welcome)
            #expect(OnboardingStep.done.next == nil)
            #expect(OnboardingStep.welcome.next == .region)
        }
    }
}
