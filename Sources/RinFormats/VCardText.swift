import Foundation

/// The backslash escapes of RFC 6350 §3.4 (and RFC 2426 §4), both ways. Each runs over the UTF-8
/// bytes once: the escapes and separators are ASCII, so a cut between them never splits a
/// character, and a megabyte-long note costs one pass.
enum VCardText {
    private static let backslash = UInt8(ascii: "\\")

    /// `\n` and `\N` become a line break; `\,`, `\;`, `\\` their character. `\:` is not in any
    /// RFC, but Apple and Google write it in URLs (`https\://…`), so it is undone too. Any other
    /// backslash is kept, as a Windows path in a note is more likely than an escape nobody defined.
    static func unescape(_ text: some StringProtocol) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(backslash) else { return String(text) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == backslash, index + 1 < bytes.count {
                switch bytes[index + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "N"):
                    out.append(0x0A)
                    index += 2
                    continue
                case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), backslash:
                    out.append(bytes[index + 1])
                    index += 2
                    continue
                default:
                    break
                }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Cuts at every `separator` that is not escaped; the pieces keep their escapes, so a later
    /// split (the `,` lists within a `;` component) still sees them.
    static func split(_ text: some StringProtocol, on separator: UInt8) -> [String] {
        let bytes = Array(text.utf8)
        var pieces: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == backslash {
                index += 2
                continue
            }
            if bytes[index] == separator {
                pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
                start = index + 1
            }
            index += 1
        }
        pieces.append(String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self))
        return pieces
    }

    /// The escapes a 4.0 text or component value needs: `\`, `,`, `;` and line breaks (a CR LF
    /// pair or a lone CR is one line break: a raw CR would end the line for some readers).
    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case backslash: out += [backslash, backslash]
            case UInt8(ascii: ","): out += [backslash, UInt8(ascii: ",")]
            case UInt8(ascii: ";"): out += [backslash, UInt8(ascii: ";")]
            case 0x0A: out += [backslash, UInt8(ascii: "n")]
            case 0x0D:
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { continue }
                out += [backslash, UInt8(ascii: "n")]
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
