import Foundation
import RinCore
import Testing

@Suite("Rin's on-device cache")
struct RinStoreTests {
    struct Snapshot: Codable, Sendable, Equatable {
        var names: [String]
        var at: Date
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("rin-store-" + UUID().uuidString)
    }

    @Test func whatIsSavedIsThereAfterARelaunchForThatAccountOnly() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (ada, grace) = (UUID(), UUID())
        let snapshot = Snapshot(names: ["Ada", "Émile", "李"], at: Date(timeIntervalSince1970: 1_700_000_000))
        try await RinStore(directory: folder).save(snapshot, for: .profiles, account: ada)

        let relaunched = RinStore(directory: folder)
        #expect(await relaunched.value(Snapshot.self, for: .profiles, account: ada) == snapshot)
        #expect(await relaunched.value(Snapshot.self, for: .profiles, account: grace) == nil)
        #expect(await relaunched.value(Snapshot.self, for: .settings, account: ada) == nil)
    }

    @Test func signingOutForgetsOnlyThatAccount() async throws {
        for folder in [Self.folder(), nil] {
            let store = RinStore(directory: folder)
            let (ada, grace) = (UUID(), UUID())
            let profile = UUID()
            try await store.save(["a"], for: .home(profile), account: ada)
            try await store.save(["g"], for: .home(profile), account: grace)
            await store.removeAll(for: ada)
            #expect(await store.value([String].self, for: .home(profile), account: ada) == nil)
            #expect(await store.value([String].self, for: .home(profile), account: grace) == ["g"])
            await store.remove(.home(profile), account: grace)
            #expect(await store.value([String].self, for: .home(profile), account: grace) == nil)
            if let folder { try? FileManager.default.removeItem(at: folder) }
        }
    }

    @Test func aCopyThatNoLongerDecodesIsAnEmptyCache() async throws {
        let store = RinStore(directory: nil)
        let account = UUID()
        try await store.save(["just", "strings"], for: .settings, account: account)
        #expect(await store.value(Snapshot.self, for: .settings, account: account) == nil)
    }

    @Test func keysCannotClimbOutOfTheFolder() {
        #expect(RinStore.Key("../../etc/passwd").name == ".._.._etc_passwd")
        #expect(!RinStore.Key("a/b").name.contains("/"))
    }
}
