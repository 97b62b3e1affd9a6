import Foundation

extension MetadataStripper {
    /// VP8X flag bits announcing EXIF and XMP chunks; left set after dropping the chunks,
    /// strict decoders would go looking for data that no longer exists.
    private static let vp8xMetadataFlags: UInt8 = 0x08 | 0x04

    /// Drops the EXIF and "XMP " chunks, clears their VP8X flags and rewrites the RIFF size.
    /// Anything after the RIFF payload is dropped for the same reason as PNG's post-IEND data.
    static func stripWebP(_ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.fourCC(at: 0) == "RIFF", bytes.fourCC(at: 8) == "WEBP",
              let riffSize = bytes.uint32LE(at: 4), riffSize >= 4
        else {
            throw MalformedMedia(.webp, "missing RIFF/WEBP header")
        }
        guard bytes.hasRange(at: 8, length: riffSize) else {
            throw MalformedMedia(.webp, "RIFF size \(riffSize) exceeds the file")
        }
        let riffEnd = 8 + riffSize
        var output = Array(bytes[0..<12])
        output.reserveCapacity(riffEnd)
        var position = 12
        var chunkCount = 0

        while position < riffEnd {
            guard riffEnd - position >= 8,
                  let type = bytes.fourCC(at: position),
                  let size = bytes.uint32LE(at: position + 4)
            else {
                throw MalformedMedia(.webp, "truncated chunk header at \(position)")
            }
            // Chunks are padded to even length; the pad byte is not counted in `size`.
            let paddedSize = size + (size & 1)
            guard paddedSize <= riffEnd - position - 8 else {
                throw MalformedMedia(.webp, "chunk '\(type)' overruns the RIFF payload")
            }
            let chunk = position..<position + 8 + paddedSize
            switch type {
            case "EXIF", "XMP ":
                break
            case "VP8X":
                guard size >= 10 else { throw MalformedMedia(.webp, "VP8X chunk too small") }
                var header = Array(bytes[chunk])
                header[8] &= ~vp8xMetadataFlags
                output.append(contentsOf: header)
            default:
                output.append(contentsOf: bytes[chunk])
            }
            chunkCount += 1
            position = chunk.upperBound
        }
        guard chunkCount > 0 else {
            throw MalformedMedia(.webp, "no chunks")
        }

        guard let newSize = UInt32(exactly: output.count - 8) else {
            throw MalformedMedia(.webp, "output too large for RIFF")
        }
        output.replaceSubrange(4..<8, with: withUnsafeBytes(of: newSize.littleEndian, Array.init))
        return output
    }
}
