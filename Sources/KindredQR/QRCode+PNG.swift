import CompressNIO
import NIOCore

extension QRCode {
    /// Renders the symbol as a 1-bit grayscale PNG (bit depth 1, colour type 0:
    /// 0 = black, 1 = white) with `quietZone` light modules around it and each
    /// module `scale` × `scale` pixels. Scanlines use filter type 0 and are
    /// compressed by zlib (through CompressNIO), whose matches span the rows
    /// each module row repeats `scale` times, so a typical code is well under 1 KB.
    public func png(scale: Int = 8, quietZone: Int = 4) -> [UInt8] {
        let scale = max(1, scale)
        let quietZone = max(0, quietZone)
        let dimension = (size + 2 * quietZone) * scale
        let rowBytes = (dimension + 7) / 8

        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * dimension)
        for moduleY in -quietZone..<(size + quietZone) {
            var row = [UInt8](repeating: 0xFF, count: rowBytes)  // all white, incl. padding bits
            for moduleX in 0..<size where self[moduleX, moduleY] {
                let firstPixel = (moduleX + quietZone) * scale
                for px in firstPixel..<(firstPixel + scale) {
                    row[px >> 3] &= ~(UInt8(0x80) >> UInt8(px & 7))
                }
            }
            for _ in 0..<scale {
                raw.append(0)  // filter type None
                raw.append(contentsOf: row)
            }
        }

        return PNG.file(width: dimension, height: dimension, bitDepth: 1, colourType: 0, scanlines: raw)
    }
}

/// PNG container helpers (chunk framing and CRC-32).
enum PNG {
    /// A whole file: the signature, the header, the filtered scanlines compressed, the end.
    static func file(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, scanlines: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [bitDepth, colourType, 0, 0, 0]  // deflate, adaptive filtering, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlib(scanlines), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A zlib stream (RFC 1950) of `bytes` at the best compression: a code is made once and
    /// then sent many times.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var input = ByteBuffer(bytes: bytes)
        do {
            var output = try input.compress(with: .zlib(configuration: .init(compressionLevel: 9)))
            return output.readBytes(length: output.readableBytes) ?? []
        } catch {
            // zlib fails only without memory for its state, and a PNG cannot be made without it.
            preconditionFailure("zlib could not compress \(bytes.count) bytes: \(error)")
        }
    }

    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// length, type, data, CRC over type + data.
    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &out)
        out += typeBytes
        out += data
        appendBigEndian(crc32(typeBytes + data), to: &out)
    }

    /// Reflected CRC-32 (polynomial 0xEDB88320), as required by PNG and zip.
    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
