import Foundation

/// Thrown when an upload's container structure is inconsistent (lengths that overrun,
/// missing mandatory markers or chunks). We fail closed: a file we cannot walk is a file
/// we cannot prove is free of location data, so it must be rejected, not stored.
struct MalformedMedia: Error, Sendable, Equatable, CustomStringConvertible {
    let type: MediaType
    let reason: String

    init(_ type: MediaType, _ reason: String) {
        self.type = type
        self.reason = reason
    }

    var description: String { "malformed \(type.rawValue): \(reason)" }
}

/// Removes privacy-sensitive metadata (EXIF incl. GPS, XMP, IPTC, comments, timestamps,
/// embedded thumbnails) from uploads while leaving the pixels byte-for-byte untouched.
///
/// Deliberately a structural rewriter rather than a decode/re-encode: re-encoding would
/// lose quality, cost CPU per upload, and pull in image codecs.
enum MetadataStripper {
    /// Returns a copy of `bytes` without privacy metadata.
    ///
    /// - Parameter preserveOrientation: JPEG only. Dropping EXIF also drops the Orientation
    ///   tag, which would make portrait phone photos display sideways; when true, a
    ///   synthetic EXIF block holding *only* that tag is written back.
    /// - Throws: `MalformedMedia` if the structure cannot be walked safely.
    static func strip(_ bytes: [UInt8], type: MediaType, preserveOrientation: Bool = true) throws -> [UInt8] {
        switch type {
        case .jpeg: try stripJPEG(bytes, preserveOrientation: preserveOrientation)
        case .png: try stripPNG(bytes)
        case .webp: try stripWebP(bytes)
        case .heic: try stripHEIF(bytes)
        case .mp4, .quicktime: try stripVideoLocation(bytes, type: type)
        }
    }

    /// A video's metadata boxes go, and its movie header moves before the media data: see `VideoFile`.
    /// A video it cannot lay out (too long, fragmented, without a picture) counts as malformed here.
    private static func stripVideoLocation(_ bytes: [UInt8], type: MediaType) throws -> [UInt8] {
        do {
            return try VideoFile.rewrite(bytes, type: type).bytes
        } catch let refusal as VideoFile.Refusal {
            throw MalformedMedia(type, "\(refusal)")
        }
    }
}

extension Array where Element == UInt8 {
    /// Overwrites `range` with zeros; the range must already be validated against `count`.
    mutating func zero(_ range: Range<Int>) {
        replaceSubrange(range, with: repeatElement(0, count: range.count))
    }
}
