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

    /// Video is only partially handled; full video sanitising is a separate issue.
    ///
    /// This zeroes, in place, the payload of every `©xyz` atom (the classic QuickTime ISO
    /// 6709 location string) in `moov/udta` and `moov/trak/udta`. It does NOT yet clear
    /// the `com.apple.quicktime.location.ISO6709` entry that newer iPhones write into
    /// `moov/meta` (keys + ilst), nor XMP `uuid` boxes, so video must not be treated as
    /// location-free until that issue lands.
    private static func stripVideoLocation(_ bytes: [UInt8], type: MediaType) throws -> [UInt8] {
        let topLevel = try BMFFBox.children(of: bytes, in: 0..<bytes.count, media: type)
        guard let moov = topLevel.first("moov") else {
            throw MalformedMedia(type, "no moov box")
        }
        var userData: [BMFFBox] = []
        for child in try BMFFBox.children(of: bytes, in: moov.content, media: type) {
            if child.type == "udta" {
                userData.append(child)
            } else if child.type == "trak" {
                let trackChildren = try BMFFBox.children(of: bytes, in: child.content, media: type)
                userData.append(contentsOf: trackChildren.filter { $0.type == "udta" })
            }
        }
        var output = bytes
        for udta in userData {
            for atom in try BMFFBox.children(of: bytes, in: udta.content, media: type) where atom.type == "©xyz" {
                output.zero(atom.content)
            }
        }
        return output
    }
}

extension Array where Element == UInt8 {
    /// Overwrites `range` with zeros; the range must already be validated against `count`.
    mutating func zero(_ range: Range<Int>) {
        replaceSubrange(range, with: repeatElement(0, count: range.count))
    }
}
