import Foundation
import InnovationEngineCore
import KindredSDK
import KindredTestSupport
import Testing
@testable import KindredServer

/// The app's models over the SDK, against a real server running in-process.
@MainActor
@Suite("Innovation Engine models")
struct InnovationEngineModelTests {
    @Test func myCodeScanAndNetworkEndToEnd() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: baseURL)
            let bob = KindredSession(serverURL: baseURL)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
            try await bob.signUp(email: "bob@example.com", password: "builder!!", username: "bob", displayName: "Bob")

            // Ada shows her code.
            let myCode = MyCodeModel(session: ada)
            await myCode.load()
            let link = try #require(myCode.link)
            #expect(link.contains("/c/"))
            #expect(!link.lowercased().contains((try #require(await ada.userID)).uuidString.lowercased()), "never the account id")
            #expect(myCode.code != nil)
            #expect(myCode.png()?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

            // Bob scans it, sees it is Ada's, and confirms.
            let scan = ScanModel(session: bob)
            await scan.scanned(link)
            guard case .confirming(let preview, _) = scan.state else { Issue.record("no confirmation: \(scan.state)"); return }
            #expect(preview.person.username == "ada")
            #expect(!preview.connected)
            #expect(try await bob.connections().items.isEmpty, "scanning alone connects nobody")
            await scan.connect(note: "Met at the fair")
            guard case .connected(let connection, let isNew) = scan.state else { Issue.record("not connected: \(scan.state)"); return }
            #expect(isNew)
            #expect(connection.person.username == "ada")
            scan.reset()
            await scan.scanned(link)
            await scan.connect()
            guard case .connected(_, let isNewAgain) = scan.state else { Issue.record("not connected: \(scan.state)"); return }
            #expect(!isNewAgain)

            // Ada rotates her code: the old link no longer works.
            await myCode.rotate()
            #expect(myCode.link != link)
            scan.reset()
            await scan.scanned(link)
            guard case .failed = scan.state else { Issue.record("an old code still works: \(scan.state)"); return }

            // Both networks show the other, laid out with me in the centre.
            let adaNetwork = NetworkModel(session: ada)
            await adaNetwork.load()
            #expect(adaNetwork.network?.people.map(\.username) == ["bob"])
            let adaID = try #require(await ada.userID)
            #expect(adaNetwork.positions[adaID]?.x == 0.5)
            #expect(adaNetwork.positions.count == 2)
        }
    }

    @Test func aBadCodeFailsWithTheServersWords() async throws {
        try await withKindred(running: true) { kindred in
            let session = KindredSession(serverURL: try #require(kindred.baseURL))
            try await session.signUp(email: "c@example.com", password: "carefully", username: "carol")
            let scan = ScanModel(session: session)
            await scan.scanned("https://example.com/not-a-code")
            #expect(scan.state == .failed("This code doesn't work (anymore). Ask for their current QR code or link."))
        }
    }

    @Test func theNetworkFollowsNewConnectionsLive() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            let ada = KindredSession(serverURL: baseURL)
            let bob = KindredSession(serverURL: baseURL)
            try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada")
            try await bob.signUp(email: "bob@example.com", password: "builder!!", username: "bob")
            let network = NetworkModel(session: ada)
            await network.load()
            #expect(network.network?.people.isEmpty == true)

            let following = Task { await network.followChanges() }
            defer { following.cancel() }
            // Bob scans Ada once her realtime socket is open; her model reloads by itself.
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }
            _ = try await bob.connect(code: try await ada.myConnectCode().code)
            try await eventually { await MainActor.run { network.network?.people.map(\.username) == ["bob"] } }
            #expect(network.positions.count == 2)
        }
    }

}
