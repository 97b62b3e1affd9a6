import Foundation

/// How 2.1 exports (Outlook, older Android and Nokia phones) carry text: quoted-printable bytes
/// in a declared `CHARSET`, or raw 8-bit bytes in whatever the exporter's machine used.
enum VCardCharset {
    /// `=C3=A9` → the byte 0xC3, 0xA9. A `=` not followed by two hex digits is kept as it is:
    /// a stray `=` from a careless exporter is more likely than a meaning for it.
    static func decodeQuotedPrintable(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.count,
               let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Text from bytes in `charset` (nil: none declared), and a warning when it had to guess.
    ///
    /// `trustBytes` is for raw 8-bit values: there the bytes are in the file's own encoding,
    /// whatever the line declares, and bytes that are valid UTF-8 are almost never meant as
    /// Latin-1, so valid UTF-8 wins. Quoted-printable bytes were encoded from the declared charset,
    /// so there the declaration wins. ISO-8859-1 is read as Windows-1252, as browsers do: the
    /// exporters that say Latin-1 mean Windows' superset of it (curly quotes, €).
    static func decode(_ bytes: some Collection<UInt8>, charset: String?, trustBytes: Bool) -> (text: String, warning: String?) {
        if bytes.allSatisfy({ $0 < 0x80 }) { return (String(decoding: bytes, as: UTF8.self), nil) }
        let name = charset?.trimmingCharacters(in: .whitespaces).uppercased()
        let utf8 = String(validating: bytes, as: UTF8.self)
        switch name {
        case nil, "UTF-8", "UTF8", "US-ASCII", "ASCII":
            if let utf8 { return (utf8, nil) }
            return (windows1252(bytes), "The text is not valid UTF-8; it was read as Windows-1252.")
        case "ISO-8859-1", "ISO_8859-1", "ISO8859-1", "LATIN1", "ISO-8859-15", "WINDOWS-1252", "CP1252":
            if trustBytes, let utf8 { return (utf8, nil) }
            return (windows1252(bytes), nil)
        case let name?:
            if let utf8 { return (utf8, "CHARSET=\(name) is not supported; the text was read as UTF-8.") }
            return (windows1252(bytes), "CHARSET=\(name) is not supported; the text was read as Windows-1252.")
        }
    }

    /// Latin-1 is the first 256 code points; Windows-1252 differs only in 0x80–0x9F, where it
    /// has printable characters instead of C1 controls (the five bytes it leaves undefined keep
    /// their Latin-1 reading).
    static func windows1252(_ bytes: some Collection<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if byte >= 0x80, byte <= 0x9F, let scalar = Unicode.Scalar(high[Int(byte - 0x80)]) {
                scalars.append(scalar)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let high: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
