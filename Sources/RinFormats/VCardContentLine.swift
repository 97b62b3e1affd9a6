import Foundation

/// One unfolded line taken apart: `group.NAME;PARAM=a,"b;c":value`. The value stays bytes
/// until its `ENCODING` and `CHARSET` are known.
struct VCardContentLine {
    var group: String?
    var name: String
    var parameters: [VCardParameter]
    var value: ArraySlice<UInt8>

    /// Why a line could not be read, said to the person importing.
    struct Problem: Error {
        var message: String
    }

    /// The 2.1 bare parameters that name an encoding (`NOTE;QUOTED-PRINTABLE:`) rather than a type.
    private static let encodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]

    init(_ bytes: [UInt8]) throws(Problem) {
        var index = 0
        func name() -> String {
            let start = index
            while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var first = name()
        guard !first.isEmpty else { throw Problem(message: "A content line starts with a name, such as `TEL:`.") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            group = first
            first = name()
            guard !first.isEmpty else { throw Problem(message: "`\(group ?? "").` is followed by no property name.") }
        }
        self.name = first.uppercased()

        var parameters: [VCardParameter] = []
        var positions: [String: Int] = [:]
        func add(_ name: String, _ values: [String]) {
            if let position = positions[name] {
                parameters[position].values += values
            } else {
                positions[name] = parameters.count
                parameters.append(VCardParameter(name: name, values: values))
            }
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
            index += 1
            let parameter = name().uppercased()
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                guard !parameter.isEmpty else { throw Problem(message: "A parameter has a value but no name.") }
                add(parameter, try Self.values(bytes, &index, splittingQuoted: parameter == "TYPE"))
            } else if !parameter.isEmpty {
                Self.encodings.contains(parameter) ? add("ENCODING", [parameter]) : add("TYPE", [parameter])
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: ":") else {
                throw Problem(message: index < bytes.count
                    ? "Unexpected `\(Self.character(at: index, in: bytes))` in the parameters of \(self.name)."
                    : "\(self.name) has no `:` before its value.")
            }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw Problem(message: index < bytes.count
                ? "Unexpected `\(Self.character(at: index, in: bytes))` after the name \(self.name)."
                : "\(self.name) has no `:` before its value.")
        }
        self.parameters = parameters
        value = bytes[(index + 1)...]
    }

    /// A parameter's comma-separated values, each bare or in double quotes (where `,` `;` `:`
    /// are plain characters). `TYPE="work,voice"` is two types, as RFC 6350 §5.6 writes it.
    private static func values(_ bytes: [UInt8], _ index: inout Int, splittingQuoted: Bool) throws(Problem) -> [String] {
        var values: [String] = []
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                let start = index + 1
                guard let close = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else {
                    throw Problem(message: "A parameter value opens a quote it never closes.")
                }
                let value = decodeCarets(String(decoding: bytes[start..<close], as: UTF8.self))
                values += splittingQuoted ? value.split(separator: ",").map(String.init) : [value]
                index = close + 1
            } else {
                let start = index
                while index < bytes.count, !isValueEnd(bytes[index]) { index += 1 }
                values.append(decodeCarets(String(decoding: bytes[start..<index], as: UTF8.self)))
            }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return values }
            index += 1
        }
    }

    private static func isValueEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
    }

    /// RFC 6868: `^n` a line break, `^'` a double quote, `^^` a caret; any other caret stays.
    private static func decodeCarets(_ value: String) -> String {
        guard value.contains("^") else { return value }
        var out = ""
        var pending = false
        for character in value {
            if pending {
                switch character {
                case "n", "N": out.append("\n")
                case "'": out.append("\"")
                case "^": out.append("^")
                default: out.append("^"); out.append(character)
                }
                pending = false
            } else if character == "^" {
                pending = true
            } else {
                out.append(character)
            }
        }
        if pending { out.append("^") }
        return out
    }

    /// Letters, digits and `-` (RFC 6350), and `_`, which some exporters' X- names use.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func character(at index: Int, in bytes: [UInt8]) -> String {
        let end = min(index + 4, bytes.count)
        return String(String(decoding: bytes[index..<end], as: UTF8.self).prefix(1))
    }
}
