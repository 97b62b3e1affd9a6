import Fluent
import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

@Suite("A POST repeated with the same Idempotency-Key returns the first response without acting again")
struct IdempotencyTests {
    private static let replayed = "Idempotent-Replayed"

    private static func key(_ value: String) -> HTTPHeaders { ["Idempotency-Key": value] }

    private static func mediaCount(_ kindred: TestKindred) async throws -> Int {
        try await MediaItem.query(on: kindred.app.db).count()
    }

    @Test func aRepeatedUploadIsReplayedAndStoredOnce() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("repeater")
            let png = MediaFixtures.png()

            // act
            let first = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: png, headers: Self.key("upload-1"))
            let second = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: png, headers: Self.key("upload-1"))

            // validate
            #expect(first.status == .created, "\(first.body.string)")
            #expect(second.status == first.status)
            #expect(second.body.string == first.body.string)
            #expect(first.headers.first(name: Self.replayed) == nil)
            #expect(second.headers.first(name: Self.replayed) == "true")
            #expect(second.headers.first(name: .contentType)?.hasPrefix("application/json") == true)
            let firstMedia = try first.decode(Components.Schemas.Media.self)
            let secondMedia = try second.decode(Components.Schemas.Media.self)
            #expect(firstMedia.id == secondMedia.id)
            #expect(try await Self.mediaCount(kindred) == 1)
            let files = try FileManager.default.contentsOfDirectory(atPath: kindred.configuration.mediaDirectory).filter { $0 != MediaService.stagingFolder }
            #expect(files.count == 1, "\(files)")
        }
    }

    @Test func theSameKeyWithAnotherRequestIsRefused() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("reuser")
            let first = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.png(), headers: Self.key("k-1"))
            #expect(first.status == .created)

            // act: another body, then another endpoint, under the same key
            let otherBody = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.jpeg(), headers: Self.key("k-1"))
            let otherPath = try await kindred.send(.POST, "/auth/sign-out", token: user.accessToken, headers: Self.key("k-1"))

            // validate
            for response in [otherBody, otherPath] {
                #expect(response.status == .unprocessableEntity, "\(response.body.string)")
                #expect(response.problem?.kind == "validation")
                #expect(response.headers.first(name: Self.replayed) == nil)
            }
            #expect(try await Self.mediaCount(kindred) == 1)
            // The refused sign-out did not act: the session still works.
            #expect(try await kindred.send(.GET, "/me", token: user.accessToken).status == .ok)
        }
    }

    /// The fingerprint must cover the body's bytes, not a UTF-8 reading of them: two JPEGs that
    /// differ only in bytes that are not valid UTF-8 are still two different pictures.
    @Test func bodiesDifferingOnlyInNonUTF8BytesAreDifferentRequests() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("binary")
            let original = MediaFixtures.jpeg()
            let scan = try #require(original.byteOffset(of: MediaFixtures.jpegScanData))
            var altered = original
            altered[scan + MediaFixtures.jpegScanData.count - 1] ^= 0x01  // 0x9A becomes 0x9B
            #expect(altered != original)
            let first = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: original, headers: Self.key("photo"))
            #expect(first.status == .created)

            // act
            let second = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: altered, headers: Self.key("photo"))

            // validate
            #expect(second.status == .unprocessableEntity, "another picture under the same key was answered with the first: \(second.status)")
            #expect(second.headers.first(name: Self.replayed) == nil)
        }
    }

    @Test func anotherUsersSameKeyActsIndependently() async throws {
        try await withKindred { kindred in
            // setup
            let alice = try await kindred.signUp("alice_k")
            let bob = try await kindred.signUp("bob_k")
            let png = MediaFixtures.png()

            // act
            let mine = try await kindred.send(.POST, "/media", token: alice.accessToken, bytes: png, headers: Self.key("shared-key"))
            let theirs = try await kindred.send(.POST, "/media", token: bob.accessToken, bytes: png, headers: Self.key("shared-key"))

            // validate
            #expect(mine.status == .created)
            #expect(theirs.status == .created)
            #expect(theirs.headers.first(name: Self.replayed) == nil)
            #expect(try mine.decode(Components.Schemas.Media.self).id != theirs.decode(Components.Schemas.Media.self).id)
            #expect(try await MediaItem.query(on: kindred.app.db).filter(\.$owner.$id == bob.id).count() == 1)
            #expect(try await Self.mediaCount(kindred) == 2)
        }
    }

    @Test func aKeyIsRememberedFor24HoursAndNoLonger() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("patient")
            let png = MediaFixtures.png()
            let first = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: png, headers: Self.key("daily"))
            let firstID = try first.decode(Components.Schemas.Media.self).id

            // act: 23 hours later (the access token has expired by then, so refresh first)
            kindred.clock.advance(by: 23 * 3600)
            let dayOne = try await Self.refresh(user.refreshToken, on: kindred)
            let withinDay = try await kindred.send(.POST, "/media", token: dayOne.access, bytes: png, headers: Self.key("daily"))

            // validate
            #expect(withinDay.headers.first(name: Self.replayed) == "true")
            #expect(try withinDay.decode(Components.Schemas.Media.self).id == firstID)
            #expect(try await Self.mediaCount(kindred) == 1)

            // act: just past 24 hours after the first request
            kindred.clock.advance(by: IdempotencyMiddleware.retention - 23 * 3600 + 60)
            let dayTwo = try await Self.refresh(dayOne.refresh, on: kindred)
            let nextDay = try await kindred.send(.POST, "/media", token: dayTwo.access, bytes: png, headers: Self.key("daily"))

            // validate
            #expect(nextDay.status == .created)
            #expect(nextDay.headers.first(name: Self.replayed) == nil)
            #expect(try nextDay.decode(Components.Schemas.Media.self).id != firstID)
            #expect(try await Self.mediaCount(kindred) == 2)
        }
    }

    @Test func ticketsAreNeverReplayedSinceOnlyTheirHashIsKept() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("listener")

            // act
            let first = try await kindred.send(.POST, "/realtime/tickets", token: user.accessToken, headers: Self.key("ticket-1"))
            let second = try await kindred.send(.POST, "/realtime/tickets", token: user.accessToken, headers: Self.key("ticket-1"))

            // validate: two distinct tickets, and no response body stored anywhere
            #expect(first.status == .created)
            #expect(second.status == .created)
            #expect(second.headers.first(name: Self.replayed) == nil)
            let firstTicket = try first.decode(Components.Schemas.RealtimeTicket.self)
            let secondTicket = try second.decode(Components.Schemas.RealtimeTicket.self)
            #expect(firstTicket.ticket != secondTicket.ticket)
            #expect(try await IdempotencyRecord.query(on: kindred.app.db).count() == 0)
        }
    }

    @Test func aFailedRequestIsNotRemembered() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("retrier")

            // act: the first attempt fails
            let failed = try await kindred.send(.POST, "/media", token: user.accessToken,
                                                bytes: Array("this is not a picture".utf8), headers: Self.key("retry-1"))
            #expect(failed.status == .unsupportedMediaType)
            #expect(failed.problem?.kind == "unsupported-media")

            // act: the retry, with the same key and a good image
            let retried = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.png(), headers: Self.key("retry-1"))

            // validate
            #expect(retried.status == .created, "\(retried.body.string)")
            #expect(retried.headers.first(name: Self.replayed) == nil)
            #expect(try await Self.mediaCount(kindred) == 1)
            // the success is what is remembered now
            let again = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.png(), headers: Self.key("retry-1"))
            #expect(again.headers.first(name: Self.replayed) == "true")
            #expect(again.body.string == retried.body.string)
            #expect(try await Self.mediaCount(kindred) == 1)
        }
    }

    private static func refresh(_ refreshToken: String, on kindred: TestKindred) async throws -> (access: String, refresh: String) {
        let response = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": refreshToken])
        #expect(response.status == .ok, "\(response.body.string)")
        let session = try response.decode(Components.Schemas.AuthSession.self)
        return (session.accessToken, try #require(session.refreshToken))
    }
}
