import Foundation

/// The upload formats Kindred accepts, identified from file content rather than from the
/// client-supplied filename or `Content-Type`, which are trivially spoofed.
enum MediaType: String, Sendable, CaseIterable {
    case jpeg, png, heic, webp, mp4, quicktime

    var contentType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .heic: "image/heic"
        case .webp: "image/webp"
        case .mp4: "video/mp4"
        case .quicktime: "video/quicktime"
        }
    }

    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .heic: "heic"
        case .webp: "webp"
        case .mp4: "mp4"
        case .quicktime: "mov"
        }
    }

    var isImage: Bool {
        switch self {
        case .jpeg, .png, .heic, .webp: true
        case .mp4, .quicktime: false
        }
    }

    /// Identifies the format from its leading magic bytes only.
    ///
    /// Accepts any byte collection (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, a NIO
    /// `ByteBuffer.readableBytesView`, …); only the first 256 bytes are examined, so it is
    /// cheap to call on a whole upload.
    static func sniff(_ bytes: some Collection<UInt8>) -> MediaType? {
        let head = Array(bytes.prefix(256))
        if head.matches([0xFF, 0xD8, 0xFF], at: 0) {
            return .jpeg
        }
        if head.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            return .png
        }
        if head.fourCC(at: 0) == "RIFF", head.fourCC(at: 8) == "WEBP" {
            return .webp
        }
        if head.fourCC(at: 4) == "ftyp" {
            return sniffISOBMFF(head)
        }
        return nil
    }

    private static let heifBrands: Set<FourCC> = ["heic", "heix", "hevc", "hevx", "mif1", "msf1", "heim", "heis"]
    private static let mp4Brands: Set<FourCC> = ["isom", "iso2", "mp41", "mp42", "avc1", "dash", "M4V "]
    private static let quickTimeBrands: Set<FourCC> = ["qt  "]
    /// Formats that share the containers above but that we must not mislabel: AVIF lists
    /// `mif1` as compatible yet is not HEIC, and M4A/M4B are audio that list `isom`/`mp42`.
    private static let rejectedMajorBrands: Set<FourCC> = ["avif", "avis", "M4A ", "M4B ", "M4P "]

    /// The major brand wins; otherwise the first compatible brand we recognise.
    private static func sniffISOBMFF(_ head: [UInt8]) -> MediaType? {
        guard let boxSize = head.uint32BE(at: 0), boxSize >= 16, let major = head.fourCC(at: 8) else {
            return nil
        }
        if rejectedMajorBrands.contains(major) {
            return nil
        }
        var brands = [major]
        var offset = 16
        while offset + 4 <= min(boxSize, head.count), let brand = head.fourCC(at: offset) {
            brands.append(brand)
            offset += 4
        }
        for brand in brands {
            if heifBrands.contains(brand) { return .heic }
            if mp4Brands.contains(brand) { return .mp4 }
            if quickTimeBrands.contains(brand) { return .quicktime }
        }
        return nil
    }
}
