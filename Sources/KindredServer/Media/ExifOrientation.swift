import Foundation

/// Just enough TIFF/EXIF to carry the Orientation tag across metadata stripping.
///
/// Phones usually store pixels in sensor orientation and rely on this tag for display, so
/// removing it rotates photos for every viewer. It reveals nothing about the user.
enum ExifOrientation {
    static let tag = 0x0112

    /// Reads IFD0's Orientation from a TIFF structure occupying `tiff` within `bytes`.
    /// Returns nil if absent, malformed, out of the 1...8 range, or simply 1 (the default,
    /// which needs no tag).
    static func read(_ bytes: [UInt8], tiff: Range<Int>) -> UInt16? {
        guard tiff.lowerBound >= 0, tiff.upperBound <= bytes.count else { return nil }
        let bigEndian: Bool
        if bytes.matches(Array("MM".utf8), at: tiff.lowerBound) {
            bigEndian = true
        } else if bytes.matches(Array("II".utf8), at: tiff.lowerBound) {
            bigEndian = false
        } else {
            return nil
        }
        // Offsets inside TIFF are relative to its header; reads must stay inside `tiff`.
        func integer(at offset: Int, length: Int) -> Int? {
            guard offset >= 0, offset <= tiff.count - length else { return nil }
            return bytes.unsignedInteger(at: tiff.lowerBound + offset, length: length, bigEndian: bigEndian)
        }
        guard integer(at: 2, length: 2) == 42,
              let ifd = integer(at: 4, length: 4),
              let entryCount = integer(at: ifd, length: 2)
        else { return nil }
        for entry in 0..<entryCount {
            let base = ifd + 2 + entry * 12
            guard let tagID = integer(at: base, length: 2) else { return nil }
            guard tagID == tag else { continue }
            // Orientation must be a single SHORT (type 3), stored left-aligned in the value field.
            guard integer(at: base + 2, length: 2) == 3,
                  integer(at: base + 4, length: 4) == 1,
                  let value = integer(at: base + 8, length: 2),
                  (2...8).contains(value)
            else { return nil }
            return UInt16(value)
        }
        return nil
    }

    /// A big-endian TIFF holding a single IFD with only the Orientation tag.
    static func minimalTIFF(orientation: UInt16) -> [UInt8] {
        let high = UInt8(truncatingIfNeeded: orientation >> 8)
        let low = UInt8(truncatingIfNeeded: orientation)
        return [
            0x4D, 0x4D, 0x00, 0x2A,  // "MM", 42
            0x00, 0x00, 0x00, 0x08,  // IFD0 right after the header
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, high, low, 0x00, 0x00,  // Orientation SHORT x1
            0x00, 0x00, 0x00, 0x00,  // no next IFD, so no thumbnail IFD1
        ]
    }
}
