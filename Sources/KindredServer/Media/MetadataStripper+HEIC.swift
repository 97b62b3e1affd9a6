import Foundation

extension MetadataStripper {
    /// The kinds of HEIF item that carry privacy metadata.
    enum HEIFMetadataItem: Sendable {
        case exif, xmp

        /// A valid but empty document padded to `length`, written over the item's data.
        ///
        /// Plain zeros would be simpler, but readers that parse the item then fail instead
        /// of seeing "no metadata" (Pillow raises "not a TIFF file" on an all-zero EXIF).
        func placeholder(length: Int) -> [UInt8] {
            let document: [UInt8]
            let filler: UInt8
            switch self {
            case .exif:
                // exif_tiff_header_offset = 0, then a big-endian TIFF whose IFD0 has no entries.
                document = [0, 0, 0, 0, 0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]
                filler = 0
            case .xmp:
                // XML allows trailing whitespace but never NUL, and XMP packets are designed
                // to be padded with whitespace for in-place edits.
                document = Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
                filler = 0x20
            }
            guard document.count <= length else { return [UInt8](repeating: filler, count: length) }
            return document + [UInt8](repeating: filler, count: length - document.count)
        }
    }

    /// Blanks every EXIF and XMP item in a HEIF file, in place.
    ///
    /// HEIF addresses item data by absolute file offsets (`iloc`), so removing bytes would
    /// mean rewriting every offset in the file; overwriting keeps the layout valid and the
    /// output the same length as the input.
    static func stripHEIF(_ bytes: [UInt8]) throws -> [UInt8] {
        let media = MediaType.heic
        let topLevel = try BMFFBox.children(of: bytes, in: 0..<bytes.count, media: media)
        guard let meta = topLevel.first("meta") else {
            throw MalformedMedia(media, "no top-level meta box")
        }
        let metaChildren = try BMFFBox.children(of: bytes, in: try meta.fullBoxContent(media: media), media: media)
        guard let iinf = metaChildren.first("iinf") else {
            throw MalformedMedia(media, "meta box has no iinf")
        }
        let items = try metadataItems(bytes, iinf: iinf)
        if items.isEmpty {
            return bytes
        }
        guard let iloc = metaChildren.first("iloc") else {
            throw MalformedMedia(media, "metadata items without an iloc box")
        }
        let extents = try locations(of: Set(items.keys), bytes: bytes, iloc: iloc, idat: metaChildren.first("idat"))
        // Genuine extents never overlap, so their total is bounded by the file size; a
        // larger total means extents repeated to make us rewrite the file over and over.
        var total = 0
        for range in extents.values.joined() {
            total += range.count
            guard total <= bytes.count else { throw MalformedMedia(media, "metadata extents overlap") }
        }

        var output = bytes
        for (itemID, ranges) in extents {
            guard let kind = items[itemID] else { continue }
            // Item data is the concatenation of its extents, so the placeholder is spread
            // across them in order.
            let placeholder = kind.placeholder(length: ranges.reduce(0) { $0 + $1.count })
            var written = 0
            for range in ranges {
                output.replaceSubrange(range, with: placeholder[written..<written + range.count])
                written += range.count
            }
        }
        return output
    }

    /// Item IDs whose type is "Exif", or "mime" with an XMP (application/rdf+xml) payload.
    private static func metadataItems(_ bytes: [UInt8], iinf: BMFFBox) throws -> [Int: HEIFMetadataItem] {
        var header = ByteCursor(bytes, range: iinf.content, media: .heic)
        let version = try header.read(byteCount: 4) >> 24
        try header.skip(version == 0 ? 2 : 4)  // entry_count; we walk the boxes instead
        let entries = try BMFFBox.children(of: bytes, in: header.position..<iinf.range.upperBound, media: .heic)

        var items: [Int: HEIFMetadataItem] = [:]
        for entry in entries where entry.type == "infe" {
            var cursor = ByteCursor(bytes, range: entry.content, media: .heic)
            let entryVersion = try cursor.read(byteCount: 4) >> 24
            // Versions 0 and 1 predate item_type and are not used by HEIF images.
            guard entryVersion >= 2 else { continue }
            let itemID = try cursor.read(byteCount: entryVersion == 2 ? 2 : 4)
            try cursor.skip(2)  // item_protection_index
            let itemType = try cursor.readFourCC()
            _ = cursor.readCString()  // item_name
            if itemType == "Exif" {
                items[itemID] = .exif
            } else if itemType == "mime" {
                let contentType = cursor.readCString().lowercased()
                if contentType.hasPrefix("application/rdf+xml") {
                    items[itemID] = .xmp
                }
            }
        }
        return items
    }

    /// Absolute byte ranges of the wanted items' extents in item-data order, parsed from
    /// an `iloc` box (versions 0–2). Every range is validated against the file.
    private static func locations(
        of wanted: Set<Int>, bytes: [UInt8], iloc: BMFFBox, idat: BMFFBox?
    ) throws -> [Int: [Range<Int>]] {
        func malformed(_ reason: String) -> MalformedMedia { MalformedMedia(.heic, "iloc: \(reason)") }
        var cursor = ByteCursor(bytes, range: iloc.content, media: .heic)
        let version = try cursor.read(byteCount: 4) >> 24
        guard version <= 2 else { throw malformed("unsupported version \(version)") }
        let sizes = try cursor.read(byteCount: 2)
        let offsetSize = sizes >> 12
        let lengthSize = (sizes >> 8) & 0xF
        let baseOffsetSize = (sizes >> 4) & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        for size in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(size) {
            throw malformed("field size \(size) is not 0, 4 or 8")
        }
        let extentByteCount = indexSize + offsetSize + lengthSize
        let itemCount = try cursor.read(byteCount: version < 2 ? 2 : 4)

        var ranges: [Int: [Range<Int>]] = [:]
        for _ in 0..<itemCount {
            let itemID = try cursor.read(byteCount: version < 2 ? 2 : 4)
            let constructionMethod = try version >= 1 ? cursor.read(byteCount: 2) & 0xF : 0
            let dataReferenceIndex = try cursor.read(byteCount: 2)
            let baseOffset = try cursor.read(byteCount: baseOffsetSize)
            let extentCount = try cursor.read(byteCount: 2)
            let isWanted = wanted.contains(itemID)
            if extentByteCount == 0 {
                // Zero-width extents consume no bytes, so looping over them would let a
                // 2-byte count burn CPU; they would also mean "whole file", which we refuse
                // to zero.
                if isWanted, extentCount > 0 { throw malformed("metadata item \(itemID) has implicit extents") }
                continue
            }
            for _ in 0..<extentCount {
                try cursor.skip(indexSize)
                let extentOffset = try cursor.read(byteCount: offsetSize)
                let extentLength = try cursor.read(byteCount: lengthSize)
                guard isWanted else { continue }
                // Data in another file has nothing to blank here.
                guard dataReferenceIndex == 0 else { continue }
                guard extentLength > 0 else { throw malformed("metadata item \(itemID) has an open-ended extent") }
                let container: Range<Int>
                switch constructionMethod {
                case 0: container = 0..<bytes.count
                case 1:
                    guard let idat else { throw malformed("item \(itemID) refers to a missing idat") }
                    container = idat.content
                default:
                    // Item-reference construction could assemble EXIF from other items;
                    // we cannot prove it clean, so refuse the file.
                    throw malformed("unsupported construction method \(constructionMethod) for item \(itemID)")
                }
                let (relative, overflow) = baseOffset.addingReportingOverflow(extentOffset)
                guard !overflow, relative <= container.count - extentLength else {
                    throw malformed("extent of item \(itemID) lies outside its container")
                }
                let start = container.lowerBound + relative
                ranges[itemID, default: []].append(start..<start + extentLength)
            }
        }
        return ranges
    }
}
