import Foundation
import HTTPTypes
import KindredSDK
import KindredTestSupport
@testable import KindredServer
import Testing

@Suite("KindredSession against a real server")
struct KindredSessionTests {
    private func makeSession(_ kindred: TestKindred, transport: RecordingTransport = RecordingTransport(),
                             store: any TokenStore = MemoryTokenStore(), retry: RetryPolicy = .init(baseDelay: .milliseconds(5))) throws -> KindredSession {
        KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: store, transport: transport, retryPolicy: retry)
    }

    @Test func signUpEditProfileUploadAvatarAndSignOut() async throws {
        try await withKindred(running: true) { kindred in
            let session = try makeSession(kindred)
            // act
            let me = try await session.signUp(email: "sdk@example.com", password: "swiftly!", username: "sdk_user", displayName: "SDK")
            let media = try await session.uploadMedia(Data(Self.tinyPNG))
            let updated = try await session.updateProfile(bio: "Built on Linux", avatarID: media.id)
            let sessions = try await session.sessions().items
            let found = try await session.searchProfiles(prefix: "sdk")
            // validate
            #expect(me.profile.username == "sdk_user")
            #expect(updated.profile.bio == "Built on Linux")
            #expect(updated.profile.avatar?.id == media.id)
            #expect(media.kind == .png)
            #expect(sessions.count == 1 && sessions[0].current)
            #expect(found.map(\.username) == ["sdk_user"])

            try await session.signOut()
            #expect(await session.isSignedIn == false)
            await #expect(throws: KindredError.self) { try await session.me() }
        }
    }

    @Test func problemsArriveAsKindredErrorsWithFields() async throws {
        try await withKindred(running: true) { kindred in
            let session = try makeSession(kindred)
            do {
                try await session.signUp(email: String(repeating: "x", count: 250) + "@example.com", password: "short", username: "x")
                Issue.record("sign-up should have failed")
            } catch let error as KindredError {
                #expect(error.kind == "validation")
                #expect(Set(error.fieldErrors.keys) == ["email", "password", "username"])
            }
            do {
                try await session.signIn(email: "nobody@example.com", password: "whatever1")
                Issue.record("sign-in should have failed")
            } catch let error as KindredError {
                #expect(error.kind == "invalid-credentials")
            }
        }
    }

    @Test func anExpiredAccessTokenIsRefreshedOnceForManyRacingCalls() async throws {
        try await withKindred(running: true) { kindred in
            let transport = RecordingTransport()
            let session = try makeSession(kindred, transport: transport)
            try await session.signUp(email: "racer@example.com", password: "ready set go", username: "racer")
            // The server's clock jumps past the access token's life: every call now gets a 401.
            kindred.clock.advance(by: kindred.configuration.accessTokenLifetime + 60)

            let names = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<8 { group.addTask { try await session.me().profile.username } }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(names == Array(repeating: "racer", count: 8))
            #expect(transport.sent("refreshSession").count == 1)
            #expect(try await session.sessions().items.count == 1)
        }
    }

    @Test func everyRequestCarriesAnIDAndEveryPostAnIdempotencyKey() async throws {
        try await withKindred(running: true) { kindred in
            let transport = RecordingTransport()
            let session = try makeSession(kindred, transport: transport)
            try await session.signUp(email: "stamp@example.com", password: "rubber stamp", username: "stamp")
            _ = try await session.me()
            _ = try await session.uploadMedia(Data(Self.tinyPNG))

            let sent = transport.sent
            let posts = sent.filter { $0.request.method == .post }
            let gets = sent.filter { $0.request.method == .get }
            #expect(sent.allSatisfy(Self.hasRequestID))
            #expect(posts.count == 2)
            #expect(posts.allSatisfy(Self.hasIdempotencyKey))
            #expect(!gets.contains(where: Self.hasIdempotencyKey))
        }
    }

    private static func hasRequestID(_ sent: RecordingTransport.Sent) -> Bool {
        sent.request.headerFields[HTTPField.Name("X-Request-ID")!] != nil
    }

    private static func hasIdempotencyKey(_ sent: RecordingTransport.Sent) -> Bool {
        sent.request.headerFields[HTTPField.Name("Idempotency-Key")!] != nil
    }

    @Test func safeRequestsAreRetriedAndARetriedPostIsNotDoubled() async throws {
        try await withKindred(running: true) { kindred in
            let transport = RecordingTransport()
            let session = try makeSession(kindred, transport: transport)
            try await session.signUp(email: "retry@example.com", password: "try try again", username: "retry")

            transport.drop("getMe", times: 2)
            #expect(try await session.me().profile.username == "retry")
            #expect(transport.sent("getMe").count == 3)

            // The POST is retried with the same key, and the server acts once.
            transport.drop("uploadMedia", times: 1)
            let media = try await session.uploadMedia(Data(Self.tinyPNG))
            let attempts = transport.sent("uploadMedia")
            #expect(attempts.count == 2)
            let key = HTTPField.Name("Idempotency-Key")!
            #expect(attempts[0].request.headerFields[key] == attempts[1].request.headerFields[key])
            #expect(try await session.media(media.id).id == media.id)

            transport.drop("getMe", times: 5)
            await #expect(throws: KindredError.self) { try await session.me() }
        }
    }

    @Test func aFileTokenStoreKeepsTheSessionAcrossLaunches() async throws {
        try await withKindred(running: true) { kindred in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-\(UUID()).json")
            defer { try? FileManager.default.removeItem(at: file) }
            let first = try makeSession(kindred, store: FileTokenStore(url: file))
            try await first.signUp(email: "keeper@example.com", password: "remember me", username: "keeper")

            let relaunched = try makeSession(kindred, store: FileTokenStore(url: file))
            #expect(await relaunched.isSignedIn)
            #expect(try await relaunched.me().profile.username == "keeper")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    @Test func aRevokedSessionSignsTheDeviceOut() async throws {
        try await withKindred(running: true) { kindred in
            let phone = try makeSession(kindred)
            let laptop = try makeSession(kindred)
            try await phone.signUp(email: "two@example.com", password: "two devices", username: "twodevices")
            try await laptop.signIn(email: "two@example.com", password: "two devices")
            let phoneID = try #require(await phone.sessionID)

            try await laptop.revokeSession(phoneID)

            await #expect(throws: KindredError.self) { try await phone.me() }
            #expect(await phone.isSignedIn == false)
            #expect(try await laptop.sessions().items.count == 1)
        }
    }

    @Test func oneStreamSaysWhoIsSignedInFromTheStartAndOnEveryChange() async throws {
        try await withKindred(running: true) { kindred in
            let session = try makeSession(kindred)
            var changes = session.signedInChanges().makeAsyncIterator()
            // act and validate: signed out at first, then each account once, refreshes unseen.
            #expect(await changes.next() == .some(nil))
            let me = try await session.signUp(email: "stream@example.com", password: "watch me", username: "streamer")
            #expect(await changes.next() == .some(me.id))
            try await session.refresh()
            try await session.signOut()
            #expect(await changes.next() == .some(nil), "a refresh is not a change")
            let other = try await session.signUp(email: "other@example.com", password: "watch me", username: "streamer2")
            #expect(await changes.next() == .some(other.id))

            // A listener that starts late hears the current account first.
            var late = session.signedInChanges().makeAsyncIterator()
            #expect(await late.next() == .some(other.id))
        }
    }

    @Test func blockReportAndPageThroughTheSDK() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try makeSession(kindred)
            let bob = try makeSession(kindred)
            try await ada.signUp(email: "ada@example.com", password: "safety first", username: "ada_sdk")
            try await bob.signUp(email: "bob@example.com", password: "safety first", username: "bob_sdk")
            for index in 0..<3 {
                let other = try makeSession(kindred)
                try await other.signUp(email: "o\(index)@example.com", password: "safety first", username: "other_sdk\(index)")
                try await ada.block(username: "other_sdk\(index)")
            }
            // act
            let report = try await ada.report(.profile(username: "bob_sdk"), reason: .spam, note: "Ads, all day.")
            let again = try await ada.report(.profile(username: "bob_sdk"), reason: .harassment)
            let blocked = try await ada.block(username: "bob_sdk")
            let firstPage = try await ada.blockedProfiles(limit: 2)
            let everyone = try await ada.all { cursor in try await ada.blockedProfiles(limit: 2, cursor: cursor) }
            // validate
            #expect(report.status == .open && again.id == report.id)
            #expect(blocked.profile.username == "bob_sdk")
            #expect(firstPage.items.count == 2 && firstPage.nextCursor != nil)
            #expect(everyone.map(\.profile.username) == ["bob_sdk", "other_sdk2", "other_sdk1", "other_sdk0"])
            await #expect(throws: KindredError.self) { try await bob.profile(username: "ada_sdk") }
            try await ada.unblock(username: "bob_sdk")
            #expect(try await bob.profile(username: "ada_sdk").username == "ada_sdk")
        }
    }

    /// A 1×1 PNG.
    static let tinyPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}

@Suite("KindredSession realtime events")
struct KindredSessionRealtimeTests {
    @Test func profileChangesArriveAndARevokedSessionEndsTheStream() async throws {
        try await withKindred(running: true) { kindred in
            let baseURL = try #require(kindred.baseURL)
            let phone = KindredSession(serverURL: baseURL)
            let laptop = KindredSession(serverURL: baseURL)
            try await phone.signUp(email: "live@example.com", password: "live and well", username: "live")
            try await laptop.signIn(email: "live@example.com", password: "live and well")

            let received = Task {
                var events: [RealtimeEvent] = []
                for await event in phone.events() { events.append(event) }
                return events
            }
            // Give the socket a moment to open: the server only delivers to open sockets.
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await phone.userID)) == 1 }
            _ = try await laptop.updateProfile(displayName: "Seen Live")
            try await laptop.revokeSession(try #require(await phone.sessionID))

            let events = await received.value
            #expect(events.count == 2)
            guard case .profile_updated(let update) = events.first else { Issue.record("expected profile.updated first"); return }
            #expect(update.profile.displayName == "Seen Live")
            guard case .session_revoked = events.last else { Issue.record("expected session.revoked last"); return }
            #expect(await phone.isSignedIn == false)
        }
    }

}
