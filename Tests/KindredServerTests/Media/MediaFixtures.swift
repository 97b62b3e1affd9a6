import Foundation
import KindredTestSupport

/// Minimal, structurally valid media files assembled in code, each carrying recognisable
/// fake location metadata so tests can assert it is gone after stripping.
///
/// The pixel payloads are not decodable; only the container structure is real.
enum MediaFixtures {
    /// Present in every EXIF block the fixtures build.
    static let gpsMarker = "GPSLatitude=37.7749N"
    /// Present in every XMP packet the fixtures build.
    static let xmpMarker = "exif:GPSLongitude"
    static let commentMarker = "kindred-secret-comment"
    /// A fake entropy-coded scan including byte stuffing (FF 00) and a restart marker.
    static let jpegScanData: [UInt8] = [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD0, 0x78, 0x9A]
    static let xmpPacket = Array("<x:xmpmeta><rdf:Description \(xmpMarker)=\"122,25.0W\"/></x:xmpmeta>".utf8)

    // MARK: - JPEG

    /// A JPEG the size of a phone photo: 4032×3024 with `megabytes` of entropy-coded data and
    /// the metadata segments (GPS among them) a camera writes.
    static func photo(megabytes: Double = 5) -> [UInt8] {
        // Scan data never holds a bare 0xFF (it would start a marker). A cheap generator fills it:
        // one system call per byte took seconds of CPU away from the tests running beside it.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var scan = [UInt8](repeating: 0, count: Int(megabytes * 1_048_576))
        for index in scan.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            scan[index] = UInt8(truncatingIfNeeded: state) == 0xFF ? 0xFE : UInt8(truncatingIfNeeded: state)
        }
        return jpeg(width: 4032, height: 3024, scanData: scan)
    }

    static func jpeg(
        width: Int = 4, height: Int = 3, orientation: UInt16? = nil, fillBytes: Bool = false, trailer: [UInt8] = [],
        scanData: [UInt8]? = nil
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += jpegSegment(0xE0, latin1("JFIF\0") + [1, 2, 0, 0, 1, 0, 1, 0, 0])
        bytes += jpegSegment(0xE1, latin1("Exif\0\0") + exifTIFF(orientation: orientation))
        bytes += jpegSegment(0xE1, latin1("http://ns.adobe.com/xap/1.0/\0") + xmpPacket)
        bytes += jpegSegment(0xE2, latin1("ICC_PROFILE\0") + [1, 1] + [UInt8](repeating: 0x42, count: 16))
        bytes += jpegSegment(0xED, latin1("Photoshop 3.0\08BIM") + [0x04, 0x04] + latin1(gpsMarker))
        bytes += jpegSegment(0xEE, latin1("Adobe") + [0, 100, 0, 0, 0, 0, 1])
        bytes += jpegSegment(0xFE, latin1(commentMarker))
        if fillBytes {
            bytes += [0xFF, 0xFF]  // fill bytes before the next marker are legal
        }
        bytes += jpegSegment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        bytes += jpegSegment(0xC0, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        bytes += jpegSegment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        bytes += jpegSegment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
        bytes += scanData ?? jpegScanData
        bytes += [0xFF, 0xD9]
        return bytes + trailer
    }

    static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    /// A TIFF/EXIF structure: IFD0 (optional Orientation, GPSInfo pointer) and a GPS IFD
    /// with GPSLatitudeRef/GPSLatitude, followed by the ASCII `gpsMarker`.
    static func exifTIFF(orientation: UInt16? = nil, littleEndian: Bool = false) -> [UInt8] {
        let u16: (Int) -> [UInt8] = { littleEndian ? Array(be16($0).reversed()) : be16($0) }
        let u32: (Int) -> [UInt8] = { littleEndian ? Array(be32($0).reversed()) : be32($0) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + value + [UInt8](repeating: 0, count: 4 - value.count)
        }
        let ifd0EntryCount = orientation == nil ? 1 : 2
        let gpsIFD = 8 + 2 + 12 * ifd0EntryCount + 4
        let latitudeData = gpsIFD + 2 + 12 * 2 + 4

        var tiff = latin1(littleEndian ? "II" : "MM") + u16(42) + u32(8)
        tiff += u16(ifd0EntryCount)
        if let orientation {
            tiff += entry(0x0112, 3, 1, u16(Int(orientation)))
        }
        tiff += entry(0x8825, 4, 1, u32(gpsIFD)) + u32(0)
        tiff += u16(2)
        tiff += entry(0x0001, 2, 2, latin1("N\0"))
        tiff += entry(0x0002, 5, 3, u32(latitudeData)) + u32(0)
        for (numerator, denominator) in [(37, 1), (46, 1), (2964, 100)] {
            tiff += u32(numerator) + u32(denominator)
        }
        return tiff + latin1(gpsMarker)
    }

    // MARK: - PNG

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func png(width: Int = 5, height: Int = 7, trailer: [UInt8] = []) -> [UInt8] {
        var bytes = pngSignature
        bytes += pngChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        bytes += pngChunk("gAMA", be32(45455))
        bytes += pngChunk("tEXt", latin1("Comment\0\(commentMarker)"))
        bytes += pngChunk("eXIf", exifTIFF())
        bytes += pngChunk("iTXt", latin1("XML:com.adobe.xmp\0\0\0\0\0") + xmpPacket)
        bytes += pngChunk("tIME", [0x07, 0xE8, 1, 2, 3, 4, 5])
        bytes += pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01])
        bytes += pngChunk("IEND", [])
        return bytes + trailer
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = latin1(type) + data
        return be32(data.count) + typeAndData + be32(Int(crc32(typeAndData)))
    }

    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 { TestPNG.crc32(bytes) }

    // MARK: - WebP

    enum WebPKind: Sendable, CaseIterable { case lossy, lossless, extended }

    static let webpAlphaFlag: UInt8 = 0x10

    /// `.extended` has VP8X (alpha + EXIF + XMP flags), a lossless bitstream, an odd-sized
    /// EXIF chunk (exercising the pad byte) and an XMP chunk.
    static func webp(_ kind: WebPKind = .extended, width: Int = 6, height: Int = 9) -> [UInt8] {
        let lossless = riffChunk("VP8L", [0x2F] + le32((width - 1) | (height - 1) << 14) + [0, 0, 0])
        let chunks: [UInt8]
        switch kind {
        case .lossy:
            chunks = riffChunk("VP8 ", [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0, 0, 0, 0])
        case .lossless:
            chunks = lossless
        case .extended:
            var exif = exifTIFF()
            if exif.count.isMultiple(of: 2) { exif.append(0) }
            let flags = webpAlphaFlag | 0x08 | 0x04
            chunks = riffChunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
                + lossless + riffChunk("EXIF", exif) + riffChunk("XMP ", xmpPacket)
        }
        return latin1("RIFF") + le32(4 + chunks.count) + latin1("WEBP") + chunks
    }

    static func riffChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        latin1(type) + le32(data.count) + data + (data.count.isMultiple(of: 2) ? [] : [0])
    }

    // MARK: - HEIC

    struct HEIC: Sendable {
        var bytes: [UInt8]
        var image: Range<Int>
        var exif: Range<Int>
        var xmp: Range<Int>
    }

    static let heicImageData = [UInt8](repeating: 0xAB, count: 40)

    /// ftyp + meta(hdlr, pitm, iloc, iinf[hvc1, Exif, mime XMP], iprp[ispe, ipma]) + mdat.
    /// `ilocVersion` 0 uses absolute offsets, 1 adds extent indices, 2 uses 64-bit fields
    /// and a base offset. `exifLength` overrides the Exif extent length written to iloc;
    /// `cleanAperture` adds a `clap` crop, as encoders do when padding to coding blocks.
    static func heic(
        ilocVersion: Int = 1, largeMdatSize: Bool = false, width: Int = 64, height: Int = 48,
        cleanAperture: (width: Int, height: Int)? = nil, exifLength: Int? = nil
    ) -> HEIC {
        let exifPayload = be32(6) + latin1("Exif\0\0") + exifTIFF()
        let mdatData = heicImageData + exifPayload + xmpPacket
        let ftyp = box("ftyp", latin1("heic") + be32(0) + latin1("mif1heic"))

        func meta(dataStart: Int) -> [UInt8] {
            let items = [
                (id: 1, offset: 0, length: heicImageData.count),
                (id: 2, offset: heicImageData.count, length: exifLength ?? exifPayload.count),
                (id: 3, offset: heicImageData.count + exifPayload.count, length: xmpPacket.count),
            ]
            var iloc: [UInt8]
            switch ilocVersion {
            case 0:
                iloc = [0x44, 0x00] + be16(items.count)
                for item in items {
                    iloc += be16(item.id) + be16(0) + be16(1) + be32(dataStart + item.offset) + be32(item.length)
                }
            case 1:
                iloc = [0x44, 0x44] + be16(items.count)
                for item in items {
                    iloc += be16(item.id) + be16(0) + be16(0) + be32(0) + be16(1)
                    iloc += be32(0) + be32(dataStart + item.offset) + be32(item.length)
                }
            default:
                iloc = [0x84, 0x80] + be32(items.count)
                for item in items {
                    iloc += be32(item.id) + be16(0) + be16(0) + be64(dataStart) + be16(1)
                    iloc += be64(item.offset) + be32(item.length)
                }
            }
            func infe(_ id: Int, _ type: String, _ extra: [UInt8] = []) -> [UInt8] {
                fullBox("infe", version: 2, be16(id) + be16(0) + latin1(type) + [0] + extra)
            }
            let iinf = fullBox("iinf", be16(3) + infe(1, "hvc1") + infe(2, "Exif")
                + infe(3, "mime", latin1("application/rdf+xml\0")))
            var properties = fullBox("ispe", be32(width) + be32(height))
            var associations: [UInt8] = [0x81]
            if let cleanAperture {
                properties += box("clap", [cleanAperture.width, 1, cleanAperture.height, 1, 0, 1, 0, 1].flatMap(be32))
                associations.append(0x82)
            }
            let ipma = fullBox("ipma", be32(1) + be16(1) + [UInt8(associations.count)] + associations)
            let iprp = box("iprp", box("ipco", properties) + ipma)
            let hdlr = fullBox("hdlr", be32(0) + latin1("pict") + [UInt8](repeating: 0, count: 13))
            return fullBox("meta", hdlr + fullBox("pitm", be16(1))
                + fullBox("iloc", version: ilocVersion, iloc) + iinf + iprp)
        }

        let mdatHeaderSize = largeMdatSize ? 16 : 8
        // iloc's size does not depend on the offsets it holds, so one dry run fixes the layout.
        let dataStart = ftyp.count + meta(dataStart: 0).count + mdatHeaderSize
        let mdat = largeMdatSize
            ? be32(1) + latin1("mdat") + be64(16 + mdatData.count) + mdatData
            : box("mdat", mdatData)
        let exifStart = dataStart + heicImageData.count
        let xmpStart = exifStart + exifPayload.count
        return HEIC(
            bytes: ftyp + meta(dataStart: dataStart) + mdat,
            image: dataStart..<exifStart,
            exif: exifStart..<xmpStart,
            xmp: xmpStart..<xmpStart + xmpPacket.count
        )
    }

    // MARK: - MP4 / QuickTime

    static let isoLocation = "+37.7749-122.4194+010.000/"

    /// What `video(...)` puts in its media data: two chunks the chunk-offset table points at.
    static let videoChunks: [[UInt8]] = [Array("kindred-chunk-one".utf8), Array("kindred-chunk-two".utf8)]

    /// A movie laid out as cameras write it (media data first, movie header last): ftyp + mdat +
    /// moov(mvhd, trak(tkhd, mdia(mdhd, hdlr, minf(stbl(stco|co64))), udta(©xyz)), udta(©xyz,
    /// zero terminator), meta(keys with a QuickTime location key)). Structurally real; the
    /// samples are not decodable.
    static func video(
        brand: String = "qt  ", seconds: Int = 2, trackSeconds: Int? = nil, handler: String = "vide",
        width: Int = 1920, height: Int = 1080, rotated: Bool = false, co64: Bool = false, fragmented: Bool = false,
        offsetShift: Int = 0
    ) -> [UInt8] {
        let ftyp = box("ftyp", latin1(brand) + be32(0x200) + latin1(brand))
        let mdat = box("mdat", videoChunks[0] + [UInt8](repeating: 0xCD, count: 32) + videoChunks[1])
        let offsets = [ftyp.count + 8, ftyp.count + 8 + videoChunks[0].count + 32].map { $0 + offsetShift }
        let xyz = box("©xyz", be16(isoLocation.utf8.count) + be16(0x15C7) + latin1(isoLocation))
        let chunkTable = co64
            ? fullBox("co64", be32(offsets.count) + offsets.flatMap(be64))
            : fullBox("stco", be32(offsets.count) + offsets.flatMap(be32))
        let matrix = rotated ? [0, 0x10000, 0, -0x10000, 0, 0, height << 16, 0, 0x4000_0000] : [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x4000_0000]
        let tkhd = fullBox("tkhd", be32(0) + be32(0) + be32(1) + be32(0) + be32(seconds * 600) + [UInt8](repeating: 0, count: 16)
            + matrix.flatMap { be32($0 & 0xFFFF_FFFF) } + be32(width << 16) + be32(height << 16))
        let mdhd = fullBox("mdhd", be32(0) + be32(0) + be32(1000) + be32((trackSeconds ?? seconds) * 1000) + be32(0))
        let hdlr = fullBox("hdlr", be32(0) + latin1(handler) + [UInt8](repeating: 0, count: 13))
        let trak = box("trak", tkhd + box("mdia", mdhd + hdlr + box("minf", box("stbl", chunkTable))) + box("udta", xyz))
        let keys = fullBox("keys", be32(1) + be32(8 + 36) + latin1("mdta") + latin1("com.apple.quicktime.location.ISO6709"))
        let meta = box("meta", fullBox("hdlr", be32(0) + latin1("mdta") + [UInt8](repeating: 0, count: 13)) + keys
            + box("ilst", box("\0\0\0\u{1}", box("data", be32(1) + be32(0) + latin1(isoLocation)))))
        let mvhd = fullBox("mvhd", be32(0) + be32(0) + be32(600) + be32(seconds * 600) + [UInt8](repeating: 0, count: 80))
        let moov = box("moov", mvhd + trak + (fragmented ? box("mvex", fullBox("trex", [UInt8](repeating: 0, count: 20))) : [])
            + box("udta", xyz + be32(0)) + meta)
        return ftyp + mdat + moov
    }

    // MARK: - Byte helpers

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(8 + payload.count) + latin1(type) + payload
    }

    static func fullBox(_ type: String, version: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [UInt8(version), 0, 0, 0] + payload)
    }

    /// Latin-1 so that "©xyz" becomes the single byte 0xA9 followed by "xyz".
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }

    static func be16(_ value: Int) -> [UInt8] { bigEndian(value, 2) }
    static func be32(_ value: Int) -> [UInt8] { bigEndian(value, 4) }
    static func be64(_ value: Int) -> [UInt8] { bigEndian(value, 8) }
    static func le16(_ value: Int) -> [UInt8] { bigEndian(value, 2).reversed() }
    static func le24(_ value: Int) -> [UInt8] { bigEndian(value, 3).reversed() }
    static func le32(_ value: Int) -> [UInt8] { bigEndian(value, 4).reversed() }

    private static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}

extension Array where Element == UInt8 {
    /// Start index of the first occurrence of `needle`, if any.
    func byteOffset(of needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= count else { return nil }
        return (0...(count - needle.count)).first { self[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    func containsASCII(_ text: String) -> Bool {
        byteOffset(of: Array(text.utf8)) != nil
    }
}
