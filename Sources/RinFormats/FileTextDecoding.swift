import Foundation

/// Turns an exported file's bytes into UTF-8 so the readers read one encoding. Exporters write
/// what their platform likes: UTF-8 with a BOM (Excel's "CSV UTF-8"), UTF-16 with a BOM (Outlook,
/// Excel's "Unicode Text", Windows' "Unicode" vCards), or the Windows code page with no mark.
enum FileTextDecoding {
    /// `fallback1252`: text that is not UTF-8 is read as Windows-1252 (CSV). A vCard leaves it
    /// as it is, since each of its lines may say its own CHARSET.
    static func utf8Bytes(_ data: Data, fallback1252: Bool = true) -> (bytes: [UInt8], warning: String?) {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (Array(bytes.dropFirst(3)), nil) }
        if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
        // No mark, but the first line is ASCII: a NUL after its first letter is UTF-16 LE, before it BE.
        if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[3] == 0 { return utf16(bytes[...], bigEndian: false) }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] != 0, bytes[2] == 0 { return utf16(bytes[...], bigEndian: true) }
        if !fallback1252 || String(validating: bytes, as: UTF8.self) != nil { return (bytes, nil) }
        return (Array(VCardCharset.windows1252(bytes).utf8), "The file is not valid UTF-8; it was read as Windows-1252.")
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> (bytes: [UInt8], warning: String?) {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index]), second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        let text = String(decoding: units, as: UTF16.self)
        var warning: String?
        if bytes.count % 2 == 1 { warning = "The UTF-16 file ends in half a character; it was dropped." }
        if text.unicodeScalars.contains("\u{FFFD}"), !units.contains(0xFFFD) {
            warning = "The UTF-16 file has broken characters; they read as \u{FFFD}."
        }
        return (Array(text.utf8), warning)
    }
}
