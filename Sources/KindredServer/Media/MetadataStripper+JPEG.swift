import Foundation

extension MetadataStripper {
    private static let exifIdentifier: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// Rebuilds the JPEG marker stream keeping only what decoders need.
    ///
    /// Kept: APP0 "JFIF", APP2 "ICC_PROFILE" (colour), APP14 "Adobe" (tells decoders
    /// whether to apply the YCbCr/YCCK transform), and every non-APP, non-COM segment.
    /// Dropped: APP1 (EXIF incl. GPS and thumbnail, XMP), other APP0 such as JFXX (a
    /// thumbnail that can show pre-crop content), APP2 FPXR/MPF, APP3–APP13 (APP13 is
    /// Photoshop/IPTC, APP11 is C2PA/JUMBF), APP15, COM, and anything after EOI (MPF
    /// secondary images and vendor trailers carry their own EXIF).
    static func stripJPEG(_ bytes: [UInt8], preserveOrientation: Bool) throws -> [UInt8] {
        guard bytes.matches([0xFF, 0xD8], at: 0) else {
            throw MalformedMedia(.jpeg, "missing SOI")
        }
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count)
        var position = 2
        var seenScan = false
        var wroteOrientation = false

        while true {
            guard bytes.uint8(at: position) == 0xFF else {
                throw MalformedMedia(.jpeg, "expected a marker at \(position)")
            }
            // Any number of 0xFF fill bytes may precede a marker code.
            while bytes.uint8(at: position) == 0xFF { position += 1 }
            guard let marker = bytes.uint8(at: position).map(UInt8.init) else {
                throw MalformedMedia(.jpeg, "truncated marker")
            }
            position += 1

            switch marker {
            case 0xD9:
                guard seenScan else { throw MalformedMedia(.jpeg, "EOI before any scan") }
                output.append(contentsOf: [0xFF, 0xD9])
                return output
            case 0x01, 0xD0...0xD7:
                // TEM and RSTn stand alone: no length field follows.
                output.append(contentsOf: [0xFF, marker])
                continue
            case 0x00, 0xD8:
                throw MalformedMedia(.jpeg, "unexpected marker 0x\(String(marker, radix: 16)) at \(position - 1)")
            default:
                break
            }

            // The length field counts itself but not the marker.
            guard let length = bytes.uint16BE(at: position), length >= 2,
                  bytes.hasRange(at: position, length: length)
            else {
                throw MalformedMedia(.jpeg, "segment 0x\(String(marker, radix: 16)) overruns the file")
            }
            let segment = position..<position + length
            let payload = position + 2..<position + length

            if keepsSegment(marker, bytes: bytes, payload: payload) {
                output.append(contentsOf: [0xFF, marker])
                output.append(contentsOf: bytes[segment])
            } else if marker == 0xE1, preserveOrientation, !wroteOrientation,
                      payload.count >= exifIdentifier.count,
                      bytes.matches(exifIdentifier, at: payload.lowerBound),
                      let orientation = ExifOrientation.read(bytes, tiff: payload.lowerBound + 6..<payload.upperBound) {
                // Written where the original EXIF sat, which is where readers expect APP1.
                let body = exifIdentifier + ExifOrientation.minimalTIFF(orientation: orientation)
                let bodyLength = body.count + 2
                output.append(contentsOf: [0xFF, 0xE1, UInt8(bodyLength >> 8), UInt8(bodyLength & 0xFF)])
                output.append(contentsOf: body)
                wroteOrientation = true
            }
            position = segment.upperBound

            if marker == 0xDA {
                seenScan = true
                let end = try endOfEntropyCodedData(bytes, from: position)
                output.append(contentsOf: bytes[position..<end])
                position = end
            }
        }
    }

    private static func keepsSegment(_ marker: UInt8, bytes: [UInt8], payload: Range<Int>) -> Bool {
        func payloadStarts(with identifier: String) -> Bool {
            let pattern = Array(identifier.utf8)
            return pattern.count <= payload.count && bytes.matches(pattern, at: payload.lowerBound)
        }
        switch marker {
        case 0xE0: return payloadStarts(with: "JFIF\0")
        case 0xE2: return payloadStarts(with: "ICC_PROFILE\0")
        case 0xEE: return payloadStarts(with: "Adobe")
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: return false
        default: return true
        }
    }

    /// Finds the 0xFF that starts the first real marker after a scan. Inside entropy-coded
    /// data 0xFF is followed by 0x00 (byte stuffing), RSTn, or more 0xFF fill bytes.
    private static func endOfEntropyCodedData(_ bytes: [UInt8], from start: Int) throws -> Int {
        var position = start
        while true {
            guard let candidate = bytes[position...].firstIndex(of: 0xFF),
                  let next = bytes.uint8(at: candidate + 1)
            else {
                throw MalformedMedia(.jpeg, "scan data runs past the end of the file without EOI")
            }
            switch next {
            case 0x00, 0xD0...0xD7, 0xFF:
                position = candidate + 1
            default:
                return candidate
            }
        }
    }
}
