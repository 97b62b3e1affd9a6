import Foundation

extension ContactCard {
    /// The three ways cards carry a photo: 2.1/3.0 base64 with `ENCODING=b` (the media type in
    /// `TYPE`, as `JPEG`), a 4.0 `data:` URI, or a link. Nil when the bytes do not decode.
    static func photo(_ property: VCardProperty) -> Photo? {
        let encoding = property.values(of: "ENCODING").first?.lowercased()
        if encoding == "b" || encoding == "base64" {
            return base64(property.value).map { .inline($0, mediaType: mediaType(property)) }
        }
        // `text` also undoes `data:image/jpeg;base64\,…`, the escape RFC 6350's errata asks for.
        let text = property.text.trimmingCharacters(in: .whitespaces)
        if text.lowercased().hasPrefix("data:") { return dataURI(text) }
        return text.isEmpty ? nil : .uri(text)
    }

    private static func mediaType(_ property: VCardProperty) -> String? {
        if let mediaType = property.values(of: "MEDIATYPE").first { return mediaType }
        guard let type = property.types.first(where: { !$0.isEmpty }) else { return nil }
        return type.contains("/") ? type : "image/" + type
    }

    /// `data:[media type][;base64],payload` (RFC 2397).
    private static func dataURI(_ text: String) -> Photo? {
        let rest = text.dropFirst(5)
        guard let comma = rest.firstIndex(of: ",") else { return nil }
        var header = String(rest[..<comma])
        let payload = rest[rest.index(after: comma)...]
        let isBase64 = header.lowercased().hasSuffix(";base64")
        if isBase64 { header.removeLast(7) }
        let data = isBase64 ? base64(payload) : percentDecoded(payload)
        return data.map { .inline($0, mediaType: header.isEmpty ? nil : header) }
    }

    /// Lenient base64: the spaces and line breaks folding leaves, the URL-safe alphabet, and
    /// padding that some exporters leave off.
    static func base64(_ text: some StringProtocol) -> Data? {
        var characters: [UInt8] = []
        characters.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "/"):
                characters.append(byte)
            case UInt8(ascii: "-"): characters.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): characters.append(UInt8(ascii: "/"))
            default: continue
            }
        }
        guard characters.count % 4 != 1 else { return nil }
        characters += Array(repeating: UInt8(ascii: "="), count: (4 - characters.count % 4) % 4)
        return Data(base64Encoded: Data(characters))
    }

    private static func percentDecoded(_ text: some StringProtocol) -> Data? {
        let bytes = Array(text.utf8)
        var out = Data()
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) else {
                    return nil
                }
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }
}
