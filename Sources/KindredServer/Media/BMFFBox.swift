import Foundation

/// One box of an ISO base media file (HEIF/HEIC, MP4, QuickTime), located by byte ranges
/// into the original buffer. Nothing is copied: callers patch the buffer in place.
struct BMFFBox: Sendable {
    let type: FourCC
    /// The whole box including its header.
    let range: Range<Int>
    /// Where the payload begins (after size, type, optional 64-bit size and `uuid` type).
    let contentStart: Int

    var content: Range<Int> { contentStart..<range.upperBound }

    /// Payload of a FullBox, i.e. after the 4-byte version/flags word.
    func fullBoxContent(media: MediaType) throws -> Range<Int> {
        guard content.count >= 4 else {
            throw MalformedMedia(media, "'\(type)' box too small for version and flags")
        }
        return contentStart + 4..<range.upperBound
    }

    /// Splits `range` of `bytes` into consecutive boxes that must tile it exactly.
    ///
    /// Handles `size == 1` (64-bit `largesize`) and `size == 0` ("extends to the end of the
    /// enclosing container"). Up to 7 trailing zero bytes are tolerated because QuickTime
    /// allows a 32-bit zero terminator at the end of `udta`, and some muxers pad the same way.
    static func children(of bytes: [UInt8], in range: Range<Int>, media: MediaType) throws -> [BMFFBox] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw MalformedMedia(media, "box range \(range) outside the file")
        }
        var boxes: [BMFFBox] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let available = range.upperBound - position
            if available < 8 {
                guard bytes[position..<range.upperBound].allSatisfy({ $0 == 0 }) else {
                    throw MalformedMedia(media, "truncated box header at \(position)")
                }
                break
            }
            guard let size32 = bytes.uint32BE(at: position), let type = bytes.fourCC(at: position + 4) else {
                throw MalformedMedia(media, "truncated box header at \(position)")
            }
            var headerSize = 8
            var size = size32
            if size32 == 1 {
                guard available >= 16, let large = bytes.uint64BE(at: position + 8) else {
                    throw MalformedMedia(media, "truncated 64-bit box size at \(position)")
                }
                size = large
                headerSize = 16
            } else if size32 == 0 {
                size = available
            }
            if type == "uuid" {
                headerSize += 16
            }
            guard size >= headerSize, size <= available else {
                throw MalformedMedia(media, "box '\(type)' at \(position) has size \(size) outside its container")
            }
            boxes.append(BMFFBox(type: type, range: position..<position + size, contentStart: position + headerSize))
            position += size
        }
        return boxes
    }
}

extension Array where Element == BMFFBox {
    func first(_ type: FourCC) -> BMFFBox? {
        first { $0.type == type }
    }
}
