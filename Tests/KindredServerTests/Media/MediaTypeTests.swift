import Foundation
import Testing
@testable import KindredServer

@Suite("MediaType")
struct MediaTypeTests {
    @Test func contentTypesAndExtensions() {
        let expected: [MediaType: (String, String, Bool)] = [
            .jpeg: ("image/jpeg", "jpg", true),
            .png: ("image/png", "png", true),
            .heic: ("image/heic", "heic", true),
            .webp: ("image/webp", "webp", true),
            .mp4: ("video/mp4", "mp4", false),
            .quicktime: ("video/quicktime", "mov", false),
        ]
        for type in MediaType.allCases {
            let entry = expected[type]
            #expect(entry?.0 == type.contentType)
            #expect(entry?.1 == type.fileExtension)
            #expect(entry?.2 == type.isImage)
        }
    }

    @Test func sniffsEveryFixture() {
        #expect(MediaType.sniff(MediaFixtures.jpeg()) == .jpeg)
        #expect(MediaType.sniff(MediaFixtures.png()) == .png)
        for kind in MediaFixtures.WebPKind.allCases {
            #expect(MediaType.sniff(MediaFixtures.webp(kind)) == .webp)
        }
        #expect(MediaType.sniff(MediaFixtures.heic().bytes) == .heic)
        #expect(MediaType.sniff(MediaFixtures.video(brand: "qt  ")) == .quicktime)
        #expect(MediaType.sniff(MediaFixtures.video(brand: "mp42")) == .mp4)
    }

    @Test func sniffAcceptsAnyByteCollection() {
        let jpeg = MediaFixtures.jpeg()
        #expect(MediaType.sniff(Data(jpeg)) == .jpeg)
        #expect(MediaType.sniff(jpeg[...]) == .jpeg)
    }

    @Test func sniffDecidesISOBMFFByBrand() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            MediaFixtures.box("ftyp", MediaFixtures.latin1(major) + [0, 0, 0, 0] + compatible.flatMap(MediaFixtures.latin1))
                + MediaFixtures.box("mdat", [])
        }
        #expect(MediaType.sniff(ftyp("mif1", ["heic"])) == .heic)
        #expect(MediaType.sniff(ftyp("XXXX", ["msf1", "hevc"])) == .heic)
        #expect(MediaType.sniff(ftyp("M4V ", ["M4V ", "mp42"])) == .mp4)
        #expect(MediaType.sniff(ftyp("XXXX", ["dash"])) == .mp4)
        #expect(MediaType.sniff(ftyp("avif", ["mif1", "miaf"])) == nil, "AVIF must not pass as HEIC")
        #expect(MediaType.sniff(ftyp("M4A ", ["isom"])) == nil, "audio must not pass as video")
        #expect(MediaType.sniff(ftyp("XXXX", ["YYYY"])) == nil)
    }

    @Test func sniffRejectsEverythingElse() {
        let samples: [[UInt8]] = [
            [],
            [0xFF, 0xD8],  // SOI without the following marker prefix
            Array("GIF89a".utf8),
            Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8),
            Array("%PDF-1.7".utf8),
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A],  // PNG signature minus one byte
            [0, 0, 0, 8] + Array("ftyp".utf8),  // ftyp box too small to hold a brand
        ]
        for sample in samples {
            #expect(MediaType.sniff(sample) == nil, "\(sample)")
        }
    }

    @Test func readsDimensions() {
        func size(_ bytes: [UInt8], _ type: MediaType) -> [Int]? {
            MediaType.dimensions(of: bytes, type: type).map { [$0.width, $0.height] }
        }
        #expect(size(MediaFixtures.jpeg(width: 640, height: 480), .jpeg) == [640, 480])
        #expect(size(MediaFixtures.png(width: 3000, height: 2), .png) == [3000, 2])
        for kind in MediaFixtures.WebPKind.allCases {
            #expect(size(MediaFixtures.webp(kind, width: 1023, height: 77), .webp) == [1023, 77], "\(kind)")
        }
        #expect(size(MediaFixtures.heic(width: 4032, height: 3024).bytes, .heic) == [4032, 3024])
        #expect(size(MediaFixtures.video(), .quicktime) == nil)
        #expect(size(MediaFixtures.png(), .jpeg) == nil)
        #expect(size(MediaFixtures.jpeg(width: 0), .jpeg) == nil)
    }
}
