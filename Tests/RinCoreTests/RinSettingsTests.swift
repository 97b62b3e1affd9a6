import Foundation
import KindredTestSupport
import RinSettings
import Testing

/// Rin's settings, against a real server running in-process.
@MainActor
@Suite("Rin settings")
struct RinSettingsTests {
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rin-settings-" + UUID().uuidString)
    }

    static func card(_ name: String, _ email: String) -> Data {
        Data("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:\(name)\r\nEMAIL:\(email)\r\nEND:VCARD\r\n".utf8)
    }

    @Test func theDefaultRegionChangesAndARefusedOneSaysWhy() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let context = RinContext(session: ada, directory: nil)
            await context.start()
            let settings = SettingsCoordinator(context: context)
            let model = settings.model
            await model.load()
            #expect(model.error == nil)
            let before = try #require(model.region)
            #expect(before == (try await ada.rinSettings().defaultRegion))
            #expect(model.regions.contains(before))
            #expect(!model.regionName(of: "DE").isEmpty)

            let next = before == "DE" ? "GB" : "DE"
            #expect(await model.changeRegion(to: next))
            #expect(model.region == next)
            #expect(try await ada.rinSettings().defaultRegion == next)
            #expect(await model.changeRegion(to: next), "the region already saved")

            #expect(!(await model.changeRegion(to: "ZZ")))
            #expect(model.regionError?.contains("ZZ") == true)
            #expect(model.error == nil)
            #expect(model.region == next)
            #expect(try await ada.rinSettings().defaultRegion == next)

            network.offline = true
            #expect(!(await model.changeRegion(to: "JP")))
            #expect(model.regionError == nil)
            #expect(model.error != nil)
            #expect(model.region == next)
            network.offline = false
            #expect(await model.changeRegion(to: "JP"))
            #expect(model.error == nil)

            #expect(settings.open(.settings))
            settings.show(.region)
            settings.show(.imports)
            #expect(settings.path == [.region, .imports])
            #expect(settings.open(.settings))
            #expect(settings.path.isEmpty)
            settings.show(.waitingChanges)
            settings.popToRoot()
            #expect(settings.path.isEmpty)
            #expect(!settings.open(.profile()))
            #expect(!settings.open(.onboarding))
        }
    }

    @Test func aChangeMadeOfflineWaitsUntilSendNowSendsIt() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network,
                                     retryPolicy: .init(maximumAttempts: 2, baseDelay: .milliseconds(5)))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let context = RinContext(session: ada, directory: folder)
            await context.start()
            let profile = try #require(context.profileID)
            let model = SettingsModel(context: context)

            // The longest name a contact may have, typed on a train.
            let name = String(String(repeating: "Émilie du Châtelet ", count: 27).prefix(499)) + "."
            #expect(name.count == 500)
            network.offline = true
            await context.submit(.createContact(profile: profile, .init(displayName: name)))
            await model.load()
            #expect(model.pendingChanges == 1)
            #expect(model.error != nil, "offline, the settings could not be read")
            await model.sendNow()
            #expect(model.pendingChanges == 1)
            #expect(model.error?.contains("1 change is still waiting") == true)
            #expect(!model.isSending)

            network.offline = false
            await model.sendNow()
            #expect(model.pendingChanges == 0)
            #expect(model.error == nil)
            #expect(try await ada.rinContacts(of: profile).items.map(\.displayName) == [name])

            // A change made offline that the server refuses for good once it is sent is shown
            // here, then dismissed.
            let gone = try await ada.createRinContact(in: profile, .init(displayName: "Gone"))
            try await ada.deleteRinContact(gone.id)
            network.offline = true
            #expect(await context.submit(.updateContact(gone.id, .init(nickname: "ghost"))) == .waiting)
            #expect(model.refusedChanges.isEmpty)
            network.offline = false
            await model.sendNow()
            #expect(model.refusedChanges.count == 1)
            #expect(model.pendingChanges == 0)
            model.dismissRefusedChanges()
            #expect(model.refusedChanges.isEmpty)
            #expect(context.refusedChanges.isEmpty)
        }
    }

    @Test func theProfilesPastImportsAreListedNewestFirstAPageAtATime() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network,
                                     retryPolicy: .init(maximumAttempts: 2, baseDelay: .milliseconds(5)))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let context = RinContext(session: ada, directory: nil)
            await context.start()
            let profile = try #require(context.profileID)
            let model = SettingsModel(context: context, importsPageSize: 1)
            await model.load()
            #expect(model.imports.isEmpty)
            #expect(model.importsCursor == nil)

            let first = try await ada.importRinContacts(into: profile, file: Self.card("Grace Hopper", "grace@example.com"), name: "Carnet d’adresses.vcf")
            kindred.clock.advance(by: 60)
            let second = try await ada.importRinContacts(into: profile, file: Self.card("Søren Kierkegaard", "soren@example.dk"), name: "会社の連絡先.vcf")
            await model.loadImports()
            #expect(model.imports.map(\.id) == [second.id])
            #expect(model.imports.first?.fileName == "会社の連絡先.vcf")
            #expect(model.importsCursor != nil)
            await model.loadMoreImports()
            #expect(model.imports.map(\.id) == [second.id, first.id])
            #expect(model.imports.last?.total == 1)
            if model.importsCursor != nil { await model.loadMoreImports() }
            #expect(model.importsCursor == nil)
            #expect(model.imports.count == 2)
            await model.loadMoreImports()
            #expect(model.imports.count == 2, "nothing more to read")

            network.offline = true
            await model.loadImports()
            #expect(model.error != nil)
            #expect(model.imports.count == 2, "what was shown stays")
        }
    }

    @Test func signingOutEvenOfflineForgetsTheCacheAndTheWaitingChanges() async throws {
        try await withKindred(running: true) { kindred in
            let network = FlakyNetwork()
            let ada = KindredSession(serverURL: try #require(kindred.baseURL), transport: network,
                                     retryPolicy: .init(maximumAttempts: 2, baseDelay: .milliseconds(5)))
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            let folder = Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let context = RinContext(session: ada, directory: folder)
            await context.start()
            let account = try #require(context.account)
            let profile = try #require(context.profileID)
            let cache = RinStore(directory: folder.appendingPathComponent("cache"))
            #expect(await cache.value([RinCore.RinProfile].self, for: .profiles, account: account)?.count == 1)

            network.offline = true
            await context.submit(.createContact(profile: profile, .init(givenName: "Ada", familyName: "Byron")))
            let model = SettingsModel(context: context)
            await model.load()
            #expect(model.pendingChanges == 1)
            await model.signOut()
            #expect(model.isSignedOut)
            #expect(model.error == nil)
            #expect(model.pendingChanges == 0)
            #expect(!(await ada.isSignedIn))
            #expect(context.account == nil)
            #expect(context.settings == nil)
            #expect(context.profiles.isEmpty)
            #expect(await context.pendingChanges == 0)
            #expect(await cache.value([RinCore.RinProfile].self, for: .profiles, account: account) == nil)
            #expect(await RinMutationQueue(session: ada, file: folder.appendingPathComponent("queue.json")).pending.isEmpty)

            // Back online and signed in again: the change made before signing out never went out.
            network.offline = false
            try await ada.signIn(email: "ada@example.com", password: "analytical")
            await context.start()
            await context.sync()
            #expect(try await ada.rinContacts(of: profile).items.isEmpty)

            // Online, the session also ends on the server.
            let grace = KindredSession(serverURL: try #require(kindred.baseURL))
            try await grace.signUp(email: "grace@example.com", password: "cobol-1959", username: "grace")
            let graceContext = RinContext(session: grace, directory: nil)
            await graceContext.start()
            let graceSettings = SettingsModel(context: graceContext)
            await graceSettings.signOut()
            #expect(graceSettings.isSignedOut)
            #expect(graceContext.account == nil)
            #expect(!(await grace.isSignedIn))
            await #expect(throws: KindredError.self) { try await grace.rinSettings() }
        }
    }
}
