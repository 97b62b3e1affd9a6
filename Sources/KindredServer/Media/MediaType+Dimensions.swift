import Foundation

extension MediaType {
    /// Pixel size as stored in the bitstream header, *before* any orientation transform
    /// (EXIF Orientation, HEIF `irot`). Returns nil for video, for headers it cannot find,
    /// and for zero sizes (e.g. a JPEG whose height is deferred to a DNL marker).
    static func dimensions(of bytes: [UInt8], type: MediaType) -> (width: Int, height: Int)? {
        let size: (width: Int, height: Int)? = switch type {
        case .jpeg: jpegDimensions(bytes)
        case .png: pngDimensions(bytes)
        case .webp: webpDimensions(bytes)
        case .heic: heifDimensions(bytes)
        case .mp4, .quicktime: nil
        }
        guard let size, size.width > 0, size.height > 0 else { return nil }
        return size
    }

    private static func jpegDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.matches([0xFF, 0xD8], at: 0) else { return nil }
        var position = 2
        while true {
            guard bytes.uint8(at: position) == 0xFF else { return nil }
            while bytes.uint8(at: position) == 0xFF { position += 1 }
            guard let marker = bytes.uint8(at: position) else { return nil }
            position += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue
            case 0xD9, 0xDA:
                return nil  // a frame header always precedes the first scan
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                // SOFn payload: length(2) precision(1) height(2) width(2)
                guard let height = bytes.uint16BE(at: position + 3),
                      let width = bytes.uint16BE(at: position + 5)
                else { return nil }
                return (width, height)
            default:
                guard let length = bytes.uint16BE(at: position), length >= 2 else { return nil }
                position += length
            }
        }
    }

    private static func pngDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard sniff(bytes) == .png, bytes.fourCC(at: 12) == "IHDR",
              let width = bytes.uint32BE(at: 16), let height = bytes.uint32BE(at: 20)
        else { return nil }
        return (width, height)
    }

    private static func webpDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard sniff(bytes) == .webp else { return nil }
        var position = 12
        while let type = bytes.fourCC(at: position), let size = bytes.uint32LE(at: position + 4) {
            let data = position + 8
            switch type {
            case "VP8X":
                // Canvas size, stored minus one as 24-bit little-endian after flags + reserved.
                guard let width = bytes.uint24LE(at: data + 4), let height = bytes.uint24LE(at: data + 7) else {
                    return nil
                }
                return (width + 1, height + 1)
            case "VP8L":
                // Signature 0x2F then 14-bit width-1 and 14-bit height-1, little-endian bit packed.
                guard bytes.uint8(at: data) == 0x2F, let bits = bytes.uint32LE(at: data + 1) else { return nil }
                return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            case "VP8 ":
                // Key frame: 3-byte frame tag, start code 9D 01 2A, then 14-bit sizes (top 2 bits are scale).
                guard bytes.matches([0x9D, 0x01, 0x2A], at: data + 3),
                      let width = bytes.uint16LE(at: data + 6), let height = bytes.uint16LE(at: data + 8)
                else { return nil }
                return (width & 0x3FFF, height & 0x3FFF)
            default:
                position = data + size + (size & 1)
            }
        }
        return nil
    }

    /// Follows `pitm` → `ipma` → `ispe`/`clap` so that thumbnails and grid tiles, which
    /// carry their own `ispe`, are not mistaken for the primary image.
    private static func heifDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let media = MediaType.heic
        guard let top = try? BMFFBox.children(of: bytes, in: 0..<bytes.count, media: media),
              let meta = top.first("meta"),
              let metaContent = try? meta.fullBoxContent(media: media),
              let metaChildren = try? BMFFBox.children(of: bytes, in: metaContent, media: media),
              let pitm = metaChildren.first("pitm"),
              let iprp = metaChildren.first("iprp"),
              let iprpChildren = try? BMFFBox.children(of: bytes, in: iprp.content, media: media),
              let ipco = iprpChildren.first("ipco"),
              let ipma = iprpChildren.first("ipma"),
              let properties = try? BMFFBox.children(of: bytes, in: ipco.content, media: media)
        else { return nil }

        var pitmCursor = ByteCursor(bytes, range: pitm.content, media: media)
        guard let pitmVersion = try? pitmCursor.read(byteCount: 4) >> 24,
              let primary = try? pitmCursor.read(byteCount: pitmVersion == 0 ? 2 : 4),
              let indices = try? propertyIndices(of: primary, ipma: ipma, in: bytes)
        else { return nil }

        let associated = indices.compactMap { properties.indices.contains($0 - 1) ? properties[$0 - 1] : nil }
        // ispe is a FullBox: version/flags(4) width(4) height(4)
        guard let ispe = associated.first(where: { $0.type == "ispe" }), ispe.content.count >= 12,
              let width = bytes.uint32BE(at: ispe.contentStart + 4),
              let height = bytes.uint32BE(at: ispe.contentStart + 8)
        else { return nil }
        // Encoders pad to whole coding blocks (libheif stores 64x48 as 64x64) and crop with
        // `clap`, so the clean aperture is the real size when present.
        if let clap = associated.first(where: { $0.type == "clap" }), clap.content.count >= 16,
           let widthN = bytes.uint32BE(at: clap.contentStart), let widthD = bytes.uint32BE(at: clap.contentStart + 4),
           let heightN = bytes.uint32BE(at: clap.contentStart + 8), let heightD = bytes.uint32BE(at: clap.contentStart + 12),
           widthD > 0, heightD > 0 {
            return (min(width, widthN / widthD), min(height, heightN / heightD))
        }
        return (width, height)
    }

    /// The 1-based `ipco` indices associated with `itemID` in an `ipma` box.
    private static func propertyIndices(of itemID: Int, ipma: BMFFBox, in bytes: [UInt8]) throws -> [Int] {
        var cursor = ByteCursor(bytes, range: ipma.content, media: .heic)
        let versionAndFlags = try cursor.read(byteCount: 4)
        let version = versionAndFlags >> 24
        let wideIndices = versionAndFlags & 1 == 1
        let entryCount = try cursor.read(byteCount: 4)
        for _ in 0..<entryCount {
            let item = try cursor.read(byteCount: version < 1 ? 2 : 4)
            let associationCount = try cursor.read(byteCount: 1)
            var indices: [Int] = []
            for _ in 0..<associationCount {
                // Top bit is the "essential" flag, the rest is the index.
                let association = try cursor.read(byteCount: wideIndices ? 2 : 1)
                indices.append(association & (wideIndices ? 0x7FFF : 0x7F))
            }
            if item == itemID {
                return indices
            }
        }
        return []
    }
}
