import CompressNIO
import Foundation
import NIOCore
import SeededRandom
import Testing
@testable import KindredQR

/// PNG and SVG output: container validity, real compression, pixel fidelity.
@Suite struct QRRenderTests {
    struct Chunk { let type: String; let data: [UInt8]; let crcValid: Bool }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }

    /// Independent bitwise CRC-32 (no table) to check the encoder's table version.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func chunks(_ png: [UInt8]) -> [Chunk]? {
        guard png.count > 8, png.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var result: [Chunk] = []
        var pos = 8
        while pos + 12 <= png.count {
            let length = bigEndian(png[pos..<(pos + 4)])
            guard pos + 12 + length <= png.count else { return nil }
            let typeAndData = Array(png[(pos + 4)..<(pos + 8 + length)])
            let crc = UInt32(bigEndian(png[(pos + 8 + length)..<(pos + 12 + length)]))
            result.append(Chunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
                                data: Array(typeAndData.dropFirst(4)), crcValid: crc == crc32(typeAndData)))
            pos += 12 + length
        }
        return pos == png.count ? result : nil
    }

    @Test func pngStructureAndPixels() throws {
        let code = try QRCode(encoding: "kindred://connect?invite=Zm9vYmFyYmF6cXV4&relay=wss%3A%2F%2Frelay.kindred.app")
        let scale = 8, quiet = 4
        let png = code.png(scale: scale, quietZone: quiet)
        let chunks = try #require(Self.chunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks.allSatisfy { $0.crcValid })

        let dimension = (code.size + 2 * quiet) * scale
        let ihdr = chunks[0].data
        #expect(Self.bigEndian(ihdr[0..<4]) == dimension)
        #expect(Self.bigEndian(ihdr[4..<8]) == dimension)
        #expect(Array(ihdr[8...]) == [1, 0, 0, 0, 0])

        let idat = chunks[1].data
        #expect(idat[0] == 0x78)
        let raw = try #require(Self.inflate(idat))
        let rowBytes = (dimension + 7) / 8
        #expect(raw.count == (rowBytes + 1) * dimension)
        // Real compression: far below the raw scanlines (and a stored block).
        #expect(idat.count * 10 < raw.count)
        #expect(png.count < 2048)

        // Every module maps to its scale×scale block (0 bit = black).
        for y in 0..<dimension {
            #expect(raw[y * (rowBytes + 1)] == 0)
            for x in stride(from: scale / 2, to: dimension, by: scale) {
                let byte = raw[y * (rowBytes + 1) + 1 + x / 8]
                let black = (byte >> UInt8(7 - x % 8)) & 1 == 0
                #expect(black == code[x / scale - quiet, y / scale - quiet])
            }
        }
    }

    @Test func pngAtVersion40StillCompresses() throws {
        var rng = SplitMix64(seed: 1)
        let bytes = (0..<2900).map { _ in UInt8.random(in: 0x61...0x7A, using: &rng) }
        let code = try QRCode(encoding: bytes, errorCorrection: .low)
        #expect(code.version == 40)
        let png = code.png(scale: 4, quietZone: 4)
        let idat = try #require(Self.chunks(png)?.first { $0.type == "IDAT" }?.data)
        let raw = try #require(Self.inflate(idat))
        #expect(idat.count * 4 < raw.count)
    }

    /// zlib (through CompressNIO) writes the IDAT stream; it is read back with zlib here and by
    /// Python's zlib in the conformance test.
    static func inflate(_ stream: [UInt8]) -> [UInt8]? {
        var buffer = ByteBuffer(bytes: stream)
        guard var output = try? buffer.decompress(with: .zlib()) else { return nil }
        return output.readBytes(length: output.readableBytes)
    }

    @Test func aConnectLinksPNGIsSmall() throws {
        let code = try QRCode(encoding: "http://127.0.0.1:8080/c/" + String(repeating: "k", count: 22), errorCorrection: .medium)
        let png = code.png(scale: 10)
        let idat = try #require(Self.chunks(png)?.first { $0.type == "IDAT" }?.data)
        let raw = try #require(Self.inflate(idat))
        #expect(png.count < 1_000, "\(png.count) bytes")
        #expect(idat.count * 20 < raw.count, "\(idat.count) of \(raw.count)")
        #expect(PNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func svgIsCompactAndComplete() throws {
        let code = try QRCode(encoding: "HELLO WORLD", errorCorrection: .quartile)
        let svg = code.svg(scale: 10, quietZone: 2, darkColor: "#123", lightColor: "\"><script>")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"250\" height=\"250\" viewBox=\"0 0 25 25\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.contains("fill=\"#123\""))
        #expect(!svg.contains("<script>"))
        #expect(svg.hasSuffix("</svg>"))
        // One subpath per horizontal run of dark modules.
        var runs = 0
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] && !code[x - 1, y] { runs += 1 }
        }
        #expect(svg.filter { $0 == "M" }.count == runs)
    }
}
