import Foundation
import Testing
@testable import KindredServer
import SeededRandom

/// Uploads are hostile input: every malformed file must end in `MalformedMedia`, never in
/// a trap, a hang, or a silently half-stripped result.
@Suite("MetadataStripper robustness")
struct MetadataStripperRobustnessTests {
    static let imageFixtures: [(name: String, type: MediaType, bytes: [UInt8])] = [
        ("jpeg", .jpeg, MediaFixtures.jpeg(orientation: 3)),
        ("png", .png, MediaFixtures.png()),
        ("webp", .webp, MediaFixtures.webp(.extended)),
        ("webp-lossy", .webp, MediaFixtures.webp(.lossy)),
        ("heic-v0", .heic, MediaFixtures.heic(ilocVersion: 0).bytes),
        ("heic-v2-large", .heic, MediaFixtures.heic(ilocVersion: 2, largeMdatSize: true).bytes),
    ]

    @Test func everyTruncationOfAnImageIsRejected() {
        for fixture in Self.imageFixtures {
            for length in 0..<fixture.bytes.count {
                let prefix = Array(fixture.bytes.prefix(length))
                #expect(throws: MalformedMedia.self, "\(fixture.name) cut at \(length)") {
                    try MetadataStripper.strip(prefix, type: fixture.type)
                }
                _ = MediaType.dimensions(of: prefix, type: fixture.type)
            }
        }
    }

    @Test func videoTruncationsNeverTrap() {
        // A video cut exactly after moov is still well-formed, so only "no trap" is asserted.
        let video = MediaFixtures.video()
        for length in 0..<video.count {
            Self.stripExpectingOnlyMalformed(Array(video.prefix(length)), type: .quicktime)
        }
    }

    @Test func randomCorruptionNeverTraps() {
        var random = SplitMix64(seed: 0x4B69_6E64_7265_64)
        let fixtures = Self.imageFixtures.map { ($0.type, $0.bytes) } + [(.quicktime, MediaFixtures.video())]
        // Values that tend to hit length fields and marker bytes are over-represented.
        let interesting: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xD8, 0xD9, 0xDA, 0xE1]
        for (type, original) in fixtures {
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let index = Int.random(in: 0..<bytes.count, using: &random)
                    bytes[index] = Bool.random(using: &random)
                        ? interesting.randomElement(using: &random) ?? 0
                        : UInt8.random(in: 0...255, using: &random)
                }
                Self.stripExpectingOnlyMalformed(bytes, type: type)
                _ = MediaType.dimensions(of: bytes, type: type)
                _ = MediaType.sniff(bytes)
            }
        }
    }

    @Test func hostileLengthsAreRejected() {
        var png = MediaFixtures.png()
        png.replaceSubrange(8..<12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        var webp = MediaFixtures.webp()
        webp.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0x7F])
        let jpegZeroLength: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0xFF, 0xD9]
        let jpegShortExif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x04] + Array("Exif\0\0MM".utf8)
        let boxSmallerThanHeader = MediaFixtures.be32(4) + Array("ftypheic".utf8)
        let noMeta = MediaFixtures.box("ftyp", Array("heic\0\0\0\0".utf8)) + MediaFixtures.box("mdat", [1, 2, 3])

        let cases: [(MediaType, [UInt8])] = [
            (.png, png), (.webp, webp), (.jpeg, jpegZeroLength), (.jpeg, jpegShortExif),
            (.heic, boxSmallerThanHeader), (.heic, noMeta), (.mp4, noMeta),
            (.jpeg, MediaFixtures.png()), (.png, MediaFixtures.jpeg()), (.heic, MediaFixtures.webp()),
        ]
        for (type, bytes) in cases {
            #expect(throws: MalformedMedia.self, "\(type)") { try MetadataStripper.strip(bytes, type: type) }
        }
        for type in MediaType.allCases {
            #expect(throws: MalformedMedia.self, "empty \(type)") { try MetadataStripper.strip([], type: type) }
        }
    }

    static func stripExpectingOnlyMalformed(_ bytes: [UInt8], type: MediaType) {
        do {
            _ = try MetadataStripper.strip(bytes, type: type)
        } catch is MalformedMedia {
            // expected for most corruptions
        } catch {
            Issue.record("unexpected error \(error) for \(type)")
        }
    }
}
