import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// Videos: length and picture size from the file's own boxes, metadata gone, the movie header
/// moved before the media data with every chunk offset following it. Real files made by ffmpeg
/// (`Tests/Fixtures/video`, see its README) and movies built here for the edge cases.
@Suite("Videos")
struct VideoTests {
    static let fixtures = TestKindred.repositoryRoot + "/Tests/Fixtures/video/"
    /// Set by `scripts/test` when ffprobe is installed: it decodes every frame of a rewritten file.
    static let ffprobe = ProcessInfo.processInfo.environment["KINDRED_FFPROBE"]

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixtures + name)))
    }

    @Test(arguments: [
        ("clip.mp4", MediaType.mp4, 320, 240, 2.0),
        ("location.mov", .quicktime, 320, 240, 2.0),
        ("portrait.mov", .quicktime, 240, 320, 1.0),
    ])
    func realFilesAreMeasuredCleanedAndReadyToStream(name: String, type: MediaType, width: Int, height: Int, seconds: Double) throws {
        let input = try Self.fixture(name)
        #expect(MediaType.sniff(input) == type)
        #expect(try #require(input.byteOffset(of: Array("mdat".utf8))) < (input.byteOffset(of: Array("moov".utf8)) ?? 0),
                "ffmpeg writes the movie header last")

        let (output, plan) = try VideoFile.rewrite(input, type: type)

        #expect(plan.width == width && plan.height == height, "as shown, rotation applied")
        #expect(abs(plan.duration - seconds) < 0.1, "\(plan.duration)")
        #expect(output.count == plan.outputSize)
        let moov = try #require(output.byteOffset(of: Array("moov".utf8)))
        let mdat = try #require(output.byteOffset(of: Array("mdat".utf8)))
        #expect(moov < mdat, "fast start: the header first")
        for secret in ["+48.8584", "ISO6709", "kindred-secret", "com.apple.quicktime.make"] {
            #expect(!output.containsASCII(secret), "\(secret) is gone")
        }
        #expect(!output.containsASCII("\u{A9}xyz"))
        // Every chunk still points at the same bytes.
        let before = try Self.chunks(input, type: type)
        let after = try Self.chunks(output, type: type)
        #expect(before.count == after.count && !before.isEmpty)
        for (old, new) in zip(before, after) {
            #expect(input[old..<old + 64] == output[new..<new + 64], "chunk at \(old) moved to \(new)")
        }
    }

    @Test(.enabled(if: VideoTests.ffprobe != nil, "KINDRED_FFPROBE is not set"),
          arguments: ["clip.mp4", "location.mov", "portrait.mov"])
    func rewrittenFilesDecodeFrameForFrame(name: String) throws {
        let input = try Self.fixture(name)
        let (output, _) = try VideoFile.rewrite(input, type: try #require(MediaType.sniff(input)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rewritten = directory.appendingPathComponent("out-" + name)
        try Data(output).write(to: rewritten)
        #expect(try Self.frames(Self.fixtures + name) == Self.frames(rewritten.path))
        #expect(try Self.frames(rewritten.path) > 10)
    }

    @Test func theLengthIsReadFromTheMovieAndEveryTrack() throws {
        #expect(try VideoFile.rewrite(MediaFixtures.video(seconds: 60), type: .quicktime).plan.duration == 60)
        #expect(throws: VideoFile.Refusal.tooLong(seconds: 61)) { try VideoFile.rewrite(MediaFixtures.video(seconds: 61), type: .quicktime) }
        // A movie header claiming ten seconds over a track of ninety is ninety seconds long.
        #expect(throws: VideoFile.Refusal.tooLong(seconds: 90)) {
            try VideoFile.rewrite(MediaFixtures.video(seconds: 10, trackSeconds: 90), type: .quicktime)
        }
    }

    @Test func whatCannotBeStoredIsRefused() throws {
        #expect(throws: VideoFile.Refusal.fragmented) { try VideoFile.rewrite(MediaFixtures.video(fragmented: true), type: .mp4) }
        #expect(throws: VideoFile.Refusal.noVideoTrack) { try VideoFile.rewrite(MediaFixtures.video(handler: "soun"), type: .mp4) }
        #expect(throws: MalformedMedia.self, "an offset into the header") {
            try VideoFile.rewrite(MediaFixtures.video(offsetShift: -40), type: .mp4)
        }
        let video = MediaFixtures.video()
        for length in stride(from: 0, to: video.count, by: 7) {
            #expect(throws: (any Error).self, "cut at \(length)") { try VideoFile.rewrite(Array(video.prefix(length)), type: .quicktime) }
        }
    }

    @Test(arguments: [false, true])
    func chunkOffsetsFollowTheMediaData(co64: Bool) throws {
        let input = MediaFixtures.video(rotated: true, co64: co64)
        let (output, plan) = try VideoFile.rewrite(input, type: .quicktime)
        #expect(plan.width == 1080 && plan.height == 1920, "a phone held upright")
        let offsets = try Self.chunks(output, type: .quicktime)
        #expect(offsets.count == 2)
        for (offset, chunk) in zip(offsets, MediaFixtures.videoChunks) {
            #expect(Array(output[offset..<offset + chunk.count]) == chunk)
        }
    }

    // MARK: - Over HTTP

    @Test func anUploadedVideoIsStoredCleanAndPlaysThroughRanges() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let upload = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: try Self.fixture("portrait.mov"),
                                                headers: ["Content-Type": "application/octet-stream"])
            #expect(upload.status == .created)
            let media = try upload.decode(Components.Schemas.Media.self)
            #expect(media.kind == .quicktime && media.contentType == "video/quicktime")
            #expect(media.width == 240 && media.height == 320)
            #expect(abs((media.durationSeconds ?? 0) - 1) < 0.1)
            let head = try await MediaHTTPTests.fetch(media.url, on: kindred, headers: ["Range": "bytes=0-1023"])
            #expect(head.status == .partialContent)
            #expect(head.headers.first(name: .contentRange)?.hasPrefix("bytes 0-1023/") == true)
            let firstKilobyte = [UInt8](head.body.readableBytesView)
            #expect(firstKilobyte.count == 1024)
            #expect(firstKilobyte.byteOffset(of: Array("moov".utf8)) != nil, "the movie header is in the first bytes")
            let whole = [UInt8](try await MediaHTTPTests.fetch(media.url, on: kindred).body.readableBytesView)
            #expect(whole.count == media.byteCount)
            #expect(!whole.containsASCII("ISO6709") && !whole.containsASCII("+48.8584"))
        }
    }

    @Test func refusalsSayWhy() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let long = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.video(seconds: 75))
            #expect(long.status == .unsupportedMediaType)
            #expect(long.body.string.contains("75 seconds"), "\(long.body.string)")
            let fragmented = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.video(fragmented: true))
            #expect(fragmented.status == .unsupportedMediaType && fragmented.body.string.contains("fragmented"))
            // One byte over the video limit is refused while it streams in.
            var huge = MediaFixtures.video()
            huge += [UInt8](repeating: 0, count: MediaService.videoLimit + 1 - huge.count)
            #expect(try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: huge).status == .payloadTooLarge)
            // An image is held to the image limit, however large a video may be.
            let bigImage = MediaFixtures.photo(megabytes: 16)
            let refused = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: bigImage)
            #expect(refused.status == .payloadTooLarge && refused.body.string.contains("15"))
            // Nothing half-stored is left behind.
            let staging = kindred.app.kindred.configuration.mediaDirectory + "/" + MediaService.stagingFolder
            #expect((try? FileManager.default.contentsOfDirectory(atPath: staging))?.isEmpty ?? true)
            #expect(try await MediaItem.query(on: kindred.app.db).count() == 0)
            // A video is no profile picture.
            let video = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: try Self.fixture("clip.mp4"))
                .decode(Components.Schemas.Media.self)
            let avatar = try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": video.id.uuidString])
            #expect(avatar.status == .unprocessableEntity)
        }
    }

    // MARK: - Helpers

    /// Every chunk offset of every track, in order.
    static func chunks(_ bytes: [UInt8], type: MediaType) throws -> [Int] {
        let top = try BMFFBox.children(of: bytes, in: 0..<bytes.count, media: type)
        let moov = try #require(top.first("moov"))
        var offsets: [Int] = []
        for trak in try BMFFBox.children(of: bytes, in: moov.content, media: type) where trak.type == "trak" {
            guard let mdia = try BMFFBox.children(of: bytes, in: trak.content, media: type).first("mdia"),
                  let minf = try BMFFBox.children(of: bytes, in: mdia.content, media: type).first("minf"),
                  let stbl = try BMFFBox.children(of: bytes, in: minf.content, media: type).first("stbl")
            else { continue }
            for table in try BMFFBox.children(of: bytes, in: stbl.content, media: type) where table.type == "stco" || table.type == "co64" {
                let width = table.type == "stco" ? 4 : 8
                let start = table.contentStart + 4
                let count = try #require(bytes.uint32BE(at: start))
                for index in 0..<count {
                    offsets.append(try #require(bytes.unsignedInteger(at: start + 4 + index * width, length: width, bigEndian: true)))
                }
            }
        }
        return offsets
    }

    /// How many video frames ffprobe decodes from the file.
    static func frames(_ path: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(ffprobe))
        process.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                             "-of", "default=nokey=1:noprint_wrappers=1", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
