import Foundation
import Testing
@testable import KindredServer

@Suite("MetadataStripper")
struct MetadataStripperTests {
    // MARK: JPEG

    @Test func jpegLosesExifXMPCommentsAndIPTC() throws {
        let input = MediaFixtures.jpeg()
        #expect(MediaType.sniff(input) == .jpeg)
        #expect(input.containsASCII(MediaFixtures.gpsMarker))

        let output = try MetadataStripper.strip(input, type: .jpeg)

        #expect(Array(output.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(output.suffix(2)) == [0xFF, 0xD9])
        for secret in [MediaFixtures.gpsMarker, MediaFixtures.xmpMarker, MediaFixtures.commentMarker, "Exif", "Photoshop"] {
            #expect(!output.containsASCII(secret), "\(secret) survived stripping")
        }
        // APP0 JFIF, APP2 ICC, APP14 Adobe, DQT, SOF0, DHT, SOS, in original order.
        #expect(Self.jpegMarkers(output) == [0xE0, 0xE2, 0xEE, 0xDB, 0xC0, 0xC4, 0xDA])
        #expect(output.byteOffset(of: MediaFixtures.jpegScanData + [0xFF, 0xD9]) == output.count - 11)
        #expect(try Self.size(output, .jpeg) == [4, 3])
    }

    @Test func jpegKeepsOnlyOrientationFromExif() throws {
        let input = MediaFixtures.jpeg(orientation: 6)
        let output = try MetadataStripper.strip(input, type: .jpeg)

        #expect(!output.containsASCII(MediaFixtures.gpsMarker))
        let exifStart = try #require(output.byteOffset(of: Array("Exif\0\0".utf8)))
        let segmentEnd = exifStart + 6 + ExifOrientation.minimalTIFF(orientation: 6).count
        #expect(ExifOrientation.read(output, tiff: exifStart + 6..<segmentEnd) == 6)
        #expect(Self.jpegMarkers(output) == [0xE0, 0xE1, 0xE2, 0xEE, 0xDB, 0xC0, 0xC4, 0xDA])

        let withoutOrientation = try MetadataStripper.strip(input, type: .jpeg, preserveOrientation: false)
        #expect(!withoutOrientation.containsASCII("Exif"))
    }

    @Test func exifOrientationReadsBothByteOrders() {
        for littleEndian in [false, true] {
            let tiff = MediaFixtures.exifTIFF(orientation: 8, littleEndian: littleEndian)
            #expect(ExifOrientation.read(tiff, tiff: 0..<tiff.count) == 8)
        }
        let upright = MediaFixtures.exifTIFF(orientation: 1)
        #expect(ExifOrientation.read(upright, tiff: 0..<upright.count) == nil)
    }

    @Test func jpegHandlesFillBytesAndDropsTrailer() throws {
        let trailer = Array("MPF secondary image \(MediaFixtures.gpsMarker)".utf8)
        let input = MediaFixtures.jpeg(fillBytes: true, trailer: trailer)
        let output = try MetadataStripper.strip(input, type: .jpeg)
        #expect(Array(output.suffix(2)) == [0xFF, 0xD9])
        #expect(!output.containsASCII(MediaFixtures.gpsMarker))
        #expect(Self.jpegMarkers(output) == [0xE0, 0xE2, 0xEE, 0xDB, 0xC0, 0xC4, 0xDA])
    }

    // MARK: PNG

    @Test func pngDropsTextExifAndTimeChunksVerbatim() throws {
        let input = MediaFixtures.png(trailer: Array("junk".utf8))
        #expect(MediaType.sniff(input) == .png)

        let output = try MetadataStripper.strip(input, type: .png)

        let chunks = Self.pngChunks(output)
        #expect(chunks.map(\.type) == ["IHDR", "gAMA", "IDAT", "IEND"])
        for chunk in chunks {
            #expect(MediaFixtures.crc32(Array(chunk.type.utf8) + chunk.data) == chunk.crc, "bad CRC on \(chunk.type)")
        }
        let original = Self.pngChunks(input).filter { ["IHDR", "gAMA", "IDAT", "IEND"].contains($0.type) }
        #expect(original.map(\.crc) == chunks.map(\.crc))
        for secret in [MediaFixtures.gpsMarker, MediaFixtures.xmpMarker, MediaFixtures.commentMarker, "junk"] {
            #expect(!output.containsASCII(secret), "\(secret) survived stripping")
        }
        #expect(try Self.size(output, .png) == [5, 7])
    }

    // MARK: WebP

    @Test func webpDropsExifAndXMPAndClearsFlags() throws {
        let input = MediaFixtures.webp(.extended)
        #expect(MediaType.sniff(input) == .webp)

        let output = try MetadataStripper.strip(input, type: .webp)

        #expect(Self.riffChunkTypes(output) == ["VP8X", "VP8L"])
        #expect(output.uint32LE(at: 4) == output.count - 8)
        #expect(output[20] == MediaFixtures.webpAlphaFlag, "only the EXIF and XMP flags may be cleared")
        #expect(!output.containsASCII(MediaFixtures.gpsMarker))
        #expect(!output.containsASCII(MediaFixtures.xmpMarker))
        #expect(try Self.size(output, .webp) == [6, 9])
    }

    @Test(arguments: [MediaFixtures.WebPKind.lossy, .lossless])
    func webpWithoutMetadataIsUnchanged(kind: MediaFixtures.WebPKind) throws {
        let input = MediaFixtures.webp(kind)
        #expect(try MetadataStripper.strip(input, type: .webp) == input)
    }

    // MARK: HEIC

    @Test(arguments: [0, 1, 2], [false, true])
    func heicBlanksExifAndXMPInPlace(ilocVersion: Int, largeMdatSize: Bool) throws {
        let fixture = MediaFixtures.heic(ilocVersion: ilocVersion, largeMdatSize: largeMdatSize)
        let input = fixture.bytes
        #expect(MediaType.sniff(input) == .heic)
        #expect(input.containsASCII(MediaFixtures.gpsMarker))

        let output = try MetadataStripper.strip(input, type: .heic)

        #expect(output.count == input.count)
        // Blanked to valid empty documents rather than zeros, so parsers see "no metadata".
        let emptyExif = MetadataStripper.HEIFMetadataItem.exif.placeholder(length: fixture.exif.count)
        #expect(Array(output[fixture.exif]) == emptyExif)
        #expect(Array(emptyExif[4..<18]) == Array("MM\0*".utf8) + [0, 0, 0, 8, 0, 0, 0, 0, 0, 0])
        #expect(emptyExif[18...].allSatisfy { $0 == 0 })
        let emptyXMP = String(decoding: output[fixture.xmp], as: UTF8.self)
        #expect(emptyXMP.trimmingCharacters(in: .whitespaces) == "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>")
        #expect(output[fixture.image].elementsEqual(MediaFixtures.heicImageData))
        #expect(output[..<fixture.exif.lowerBound] == input[..<fixture.exif.lowerBound])
        #expect(output[fixture.xmp.upperBound...] == input[fixture.xmp.upperBound...])
        #expect(!output.containsASCII(MediaFixtures.gpsMarker))
        #expect(try Self.size(output, .heic) == [64, 48])
    }

    @Test func heicDimensionsHonourCleanAperture() throws {
        let fixture = MediaFixtures.heic(width: 64, height: 64, cleanAperture: (64, 48))
        #expect(try Self.size(fixture.bytes, .heic) == [64, 48])
    }

    @Test func heicWithExtentBeyondFileIsRejected() {
        let fixture = MediaFixtures.heic(exifLength: 0xFFFF_FFF0)
        #expect(throws: MalformedMedia.self) { try MetadataStripper.strip(fixture.bytes, type: .heic) }
    }

    @Test func heicWithOversizedLargeBoxIsRejected() throws {
        var bytes = MediaFixtures.heic(largeMdatSize: true).bytes
        let mdat = try #require(bytes.byteOffset(of: Array("mdat".utf8)))
        bytes.replaceSubrange(mdat + 4..<mdat + 12, with: MediaFixtures.be64(Int.max))
        #expect(throws: MalformedMedia.self) { try MetadataStripper.strip(bytes, type: .heic) }
    }

    // MARK: Video

    @Test(arguments: [("qt  ", MediaType.quicktime), ("isom", .mp4)])
    func videoLocationIsGone(brand: String, type: MediaType) throws {
        let input = MediaFixtures.video(brand: brand)
        #expect(MediaType.sniff(input) == type)
        #expect(input.containsASCII(MediaFixtures.isoLocation))

        let output = try MetadataStripper.strip(input, type: type)

        #expect(!output.containsASCII(MediaFixtures.isoLocation))
        #expect(!output.containsASCII("com.apple.quicktime.location"))
        #expect(output.containsASCII("mdat"))
    }

    // MARK: Helpers

    static func size(_ bytes: [UInt8], _ type: MediaType) throws -> [Int] {
        let size = try #require(MediaType.dimensions(of: bytes, type: type))
        return [size.width, size.height]
    }

    /// Marker codes from SOI up to and including the first SOS.
    static func jpegMarkers(_ bytes: [UInt8]) -> [UInt8] {
        var markers: [UInt8] = []
        var position = 2
        while position + 3 < bytes.count, bytes[position] == 0xFF {
            if bytes[position + 1] == 0xFF { position += 1; continue }
            let marker = bytes[position + 1]
            markers.append(marker)
            if marker == 0xDA { break }
            position += 2 + (Int(bytes[position + 2]) << 8 | Int(bytes[position + 3]))
        }
        return markers
    }

    static func pngChunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8], crc: UInt32)] {
        var chunks: [(type: String, data: [UInt8], crc: UInt32)] = []
        var position = 8
        while let length = bytes.uint32BE(at: position), let crc = bytes.uint32BE(at: position + 8 + length) {
            let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
            chunks.append((type, Array(bytes[position + 8..<position + 8 + length]), UInt32(crc)))
            position += 12 + length
        }
        return chunks
    }

    static func riffChunkTypes(_ bytes: [UInt8]) -> [String] {
        var types: [String] = []
        var position = 12
        while let size = bytes.uint32LE(at: position + 4) {
            types.append(String(decoding: bytes[position..<position + 4], as: UTF8.self))
            position += 8 + size + (size & 1)
        }
        return types
    }
}
