import Fluent
import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

@Suite("Media over HTTP: type sniffing, metadata stripping, signed URLs and avatars")
struct MediaHTTPTests {
    @Test func uploadsThatAreNotAcceptedImagesOrVideosAre415() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("sender")
            let refused: [(label: String, bytes: [UInt8])] = [
                (label: "plain text", bytes: Array("Just some words, not a picture at all.".utf8)),
                (label: "GIF", bytes: Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00] + [UInt8](repeating: 0, count: 24)),
                (label: "a video of sound only", bytes: MediaFixtures.video(handler: "soun")),
                (label: "truncated JPEG", bytes: Array(MediaFixtures.jpeg().prefix(40))),
            ]

            for upload in refused {
                // act
                let response = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: upload.bytes)

                // validate
                #expect(response.status == .unsupportedMediaType, "\(upload.label): \(response.status)")
                #expect(response.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true, "\(upload.label)")
                #expect(response.problem?.kind == "unsupported-media", "\(upload.label)")
                #expect(response.problem?.status == 415, "\(upload.label)")
            }
            #expect(try await MediaItem.query(on: kindred.app.db).count() == 0)
            #expect(try Self.storedFiles(kindred).isEmpty)
        }
    }

    @Test func aJPEGIsStoredWithoutItsLocation() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("photographer")
            let original = MediaFixtures.jpeg()
            #expect(original.containsASCII(MediaFixtures.gpsMarker))

            // act
            let media = try await Self.upload(original, by: user, on: kindred)
            let file = try await Self.fetch(media.url, on: kindred)

            // validate
            #expect(media.kind == .jpeg)
            #expect(media.contentType == "image/jpeg")
            #expect(media.width == 4 && media.height == 3)
            #expect(media.url.hasPrefix(MediaURLSigner.mediaPathPrefix))
            #expect(file.status == .ok)
            #expect(file.headers.first(name: .contentType)?.hasPrefix("image/jpeg") == true)
            let stored = Array(file.body.readableBytesView)
            #expect(Array(stored.prefix(2)) == [0xFF, 0xD8])
            #expect(Array(stored.suffix(2)) == [0xFF, 0xD9])
            #expect(Int64(stored.count) == media.byteCount)
            for secret in [MediaFixtures.gpsMarker, "GPS", "Exif", MediaFixtures.xmpMarker, MediaFixtures.commentMarker] {
                #expect(!stored.containsASCII(secret), "\(secret) survived the upload")
            }
            #expect(stored.byteOffset(of: MediaFixtures.jpegScanData) != nil, "the picture itself must be kept")
        }
    }

    @Test func aPNGIsStoredWithoutTextOrExif() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("painter")
            let original = MediaFixtures.png()
            #expect(original.containsASCII("eXIf") && original.containsASCII("tEXt"))

            // act
            let media = try await Self.upload(original, by: user, on: kindred)
            let file = try await Self.fetch(media.url, on: kindred)

            // validate
            #expect(media.kind == .png)
            #expect(media.width == 5 && media.height == 7)
            #expect(file.status == .ok)
            let stored = Array(file.body.readableBytesView)
            #expect(Array(stored.prefix(8)) == MediaFixtures.pngSignature)
            for secret in ["tEXt", "eXIf", "iTXt", "tIME", MediaFixtures.gpsMarker, MediaFixtures.xmpMarker, MediaFixtures.commentMarker] {
                #expect(!stored.containsASCII(secret), "\(secret) survived the upload")
            }
            for kept in ["IHDR", "IDAT", "IEND"] {
                #expect(stored.containsASCII(kept), "\(kept) is needed to show the picture")
            }
        }
    }

    @Test func signedURLsRefuseAnyAlteration() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("signer")
            let media = try await Self.upload(MediaFixtures.png(), by: user, on: kindred)
            let other = try await Self.upload(MediaFixtures.jpeg(), by: user, on: kindred)
            let url = try Self.parts(of: media.url)
            let otherKey = try Self.parts(of: other.url).key
            let flipped = String(url.signature.dropLast()) + (url.signature.hasSuffix("0") ? "1" : "0")
            #expect(try await Self.fetch(media.url, on: kindred).status == .ok)

            let altered: [(label: String, url: String)] = [
                (label: "altered signature", url: "/media-files/\(url.key)?expires=\(url.expires)&signature=\(flipped)"),
                (label: "another file's key", url: "/media-files/\(otherKey)?expires=\(url.expires)&signature=\(url.signature)"),
                (label: "a later expiry", url: "/media-files/\(url.key)?expires=\(url.expires + 3600)&signature=\(url.signature)"),
                (label: "no signature", url: "/media-files/\(url.key)?expires=\(url.expires)"),
                (label: "a non-hex signature", url: "/media-files/\(url.key)?expires=\(url.expires)&signature=zz\(url.signature.dropFirst(2))"),
            ]
            for attempt in altered {
                // act
                let response = try await Self.fetch(attempt.url, on: kindred)

                // validate
                #expect(response.status == .forbidden, "\(attempt.label): \(response.status)")
                #expect(response.problem?.kind == "forbidden", "\(attempt.label)")
            }
        }
    }

    @Test func anExpiredURLIsRefusedAndAFreshOneWorks() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("waiter")
            let media = try await Self.upload(MediaFixtures.png(), by: user, on: kindred)
            #expect(try await Self.fetch(media.url, on: kindred).status == .ok)

            // act: past the lifetime (expiry is rounded up to the next minute, so allow two more)
            kindred.clock.advance(by: kindred.configuration.mediaURLLifetime + 180)
            let expired = try await Self.fetch(media.url, on: kindred)

            // validate
            #expect(expired.status == .forbidden)
            #expect(expired.problem?.kind == "forbidden")
            let refreshed = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
            let token = try refreshed.decode(Components.Schemas.AuthSession.self).accessToken
            let fresh = try await kindred.send(.GET, "/media/\(media.id)", token: token).decode(Components.Schemas.Media.self)
            #expect(fresh.url != media.url)
            #expect(fresh.urlExpiresAt > media.urlExpiresAt)
            #expect(try await Self.fetch(fresh.url, on: kindred).status == .ok)
        }
    }

    @Test func aRangeRequestGetsPartialContent() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("ranger")
            let media = try await Self.upload(MediaFixtures.jpeg(), by: user, on: kindred)
            let full = try await Self.fetch(media.url, on: kindred)
            let whole = Array(full.body.readableBytesView)

            // act
            let partial = try await Self.fetch(media.url, on: kindred, headers: ["Range": "bytes=0-9"])

            // validate
            #expect(partial.status == .partialContent)
            #expect(partial.body.readableBytes == 10)
            #expect(Array(partial.body.readableBytesView) == Array(whole.prefix(10)))
            #expect(partial.headers.first(name: "Content-Range") == "bytes 0-9/\(whole.count)")
        }
    }

    @Test func anAvatarIsSetShownAndCleared() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("poser")
            let viewer = try await kindred.signUp("viewer")
            let media = try await Self.upload(MediaFixtures.png(), by: user, on: kindred)

            // act
            let setAvatar = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["avatarId": media.id.uuidString])

            // validate
            #expect(setAvatar.status == .ok, "\(setAvatar.body.string)")
            let me = try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self)
            let avatar = try #require(me.profile.avatar)
            #expect(avatar.id == media.id)
            #expect(avatar.url.hasPrefix(MediaURLSigner.mediaPathPrefix))
            #expect(try await Self.fetch(avatar.url, on: kindred).status == .ok)
            let seen = try await kindred.send(.GET, "/profiles/poser", token: viewer.accessToken).decode(Components.Schemas.Profile.self)
            #expect(seen.avatar?.id == media.id)

            // act
            let cleared = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["removeAvatar": true])

            // validate
            #expect(cleared.status == .ok)
            #expect(try cleared.decode(Components.Schemas.Me.self).profile.avatar == nil)
            #expect(try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self).profile.avatar == nil)
            #expect(try await kindred.send(.GET, "/media/\(media.id)", token: user.accessToken).status == .ok, "clearing keeps the upload")
        }
    }

    @Test func deletingMediaRemovesTheRecordTheFileAndTheAvatar() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("tidy")
            let media = try await Self.upload(MediaFixtures.jpeg(), by: user, on: kindred)
            let avatar = try await Self.upload(MediaFixtures.png(), by: user, on: kindred)
            #expect(try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["avatarId": avatar.id.uuidString]).status == .ok)
            #expect(try await Self.fetch(media.url, on: kindred).status == .ok)

            // act
            let deleted = try await kindred.send(.DELETE, "/media/\(media.id)", token: user.accessToken)
            let deletedAvatar = try await kindred.send(.DELETE, "/media/\(avatar.id)", token: user.accessToken)

            // validate
            #expect(deleted.status == .noContent)
            #expect(deletedAvatar.status == .noContent)
            for url in [media.url, avatar.url] {
                let file = try await Self.fetch(url, on: kindred)
                #expect(file.status == .notFound || file.status == .forbidden, "\(file.status)")
            }
            #expect(try await kindred.send(.GET, "/media/\(media.id)", token: user.accessToken).status == .notFound)
            #expect(try await kindred.send(.DELETE, "/media/\(media.id)", token: user.accessToken).status == .notFound)
            let me = try await kindred.send(.GET, "/me", token: user.accessToken)
            #expect(me.status == .ok, "a deleted avatar must not break the profile: \(me.body.string)")
            #expect(try me.decode(Components.Schemas.Me.self).profile.avatar == nil)
            #expect(try await MediaItem.query(on: kindred.app.db).count() == 0)
            #expect(try Self.storedFiles(kindred).isEmpty)
        }
    }

    // MARK: - Helpers

    private static func upload(_ bytes: [UInt8], by user: TestUser, on kindred: TestKindred) async throws -> Components.Schemas.Media {
        let response = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: bytes)
        #expect(response.status == .created, "upload failed: \(response.body.string)")
        return try response.decode(Components.Schemas.Media.self)
    }

    /// Media files live outside `/api/v1` and need no token.
    static func fetch(_ url: String, on kindred: TestKindred, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        try await kindred.app.testing().sendRequest(.GET, url, headers: headers)
    }

    private static func parts(of url: String) throws -> (key: String, expires: Int, signature: String) {
        let components = try #require(URLComponents(string: url))
        #expect(components.path.hasPrefix(MediaURLSigner.mediaPathPrefix))
        let items = components.queryItems ?? []
        let expires = try #require(items.first { $0.name == "expires" }?.value.flatMap { Int($0) })
        let signature = try #require(items.first { $0.name == "signature" }?.value)
        return (String(components.path.dropFirst(MediaURLSigner.mediaPathPrefix.count)), expires, signature)
    }

    private static func storedFiles(_ kindred: TestKindred) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: kindred.configuration.mediaDirectory).filter { $0 != MediaService.stagingFolder }
    }
}
