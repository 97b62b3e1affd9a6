import Foundation

extension MetadataStripper {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Text chunks carry XMP (iTXt "XML:com.adobe.xmp"), author/comment fields and
    /// sometimes GPS from editors; eXIf is a full EXIF block; tIME is a timestamp.
    /// caBX holds a C2PA manifest, which can embed EXIF assertions (including location)
    /// and signer identity.
    private static let droppedPNGChunks: Set<FourCC> = ["eXIf", "tEXt", "zTXt", "iTXt", "tIME", "caBX"]

    /// Copies every chunk except the metadata ones, verbatim with their original CRCs.
    /// Bytes after IEND are dropped: they are invisible to decoders and a classic place
    /// to smuggle data.
    static func stripPNG(_ bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.matches(pngSignature, at: 0) else {
            throw MalformedMedia(.png, "missing PNG signature")
        }
        var output = pngSignature
        output.reserveCapacity(bytes.count)
        var position = pngSignature.count
        var isFirstChunk = true

        while true {
            // Layout: length(4) type(4) data(length) crc(4). The spec caps length at 2^31-1.
            guard let length = bytes.uint32BE(at: position), length <= 0x7FFF_FFFF,
                  let type = bytes.fourCC(at: position + 4)
            else {
                throw MalformedMedia(.png, "truncated chunk header at \(position)")
            }
            guard type.isASCIILetters else {
                throw MalformedMedia(.png, "invalid chunk type at \(position)")
            }
            guard bytes.hasRange(at: position, length: 12 + length) else {
                throw MalformedMedia(.png, "chunk '\(type)' overruns the file")
            }
            if isFirstChunk {
                guard type == "IHDR" else { throw MalformedMedia(.png, "first chunk is not IHDR") }
                isFirstChunk = false
            }
            let chunkEnd = position + 12 + length
            if !droppedPNGChunks.contains(type) {
                output.append(contentsOf: bytes[position..<chunkEnd])
            }
            position = chunkEnd
            if type == "IEND" {
                return output
            }
        }
    }
}
