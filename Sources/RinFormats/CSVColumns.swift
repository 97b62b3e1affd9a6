import Foundation

/// A header's columns by name, so the mappings read `row["E-mail 1 - Value"]` and do not care in
/// which order (or whether) an exporter wrote a column. Names compare trimmed and in any case:
/// people reopen exports in spreadsheets, which keeps names but not always their spacing.
struct CSVColumns {
    private var indexes: [String: Int] = [:]
    /// `e-mail # - value` → [1, 2]: worked out once per file, not once per row.
    private var numbered: [String: [Int]] = [:]
    let names: [String]

    init(_ header: [String]) {
        names = header.map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, name) in names.enumerated() where indexes[Self.key(name)] == nil {
            indexes[Self.key(name)] = index
            if let (pattern, number) = Self.numbered(Self.key(name)) { numbered[pattern, default: []].append(number) }
        }
        for pattern in numbered.keys { numbered[pattern]?.sort() }
    }

    func has(_ name: String) -> Bool {
        indexes[Self.key(name)] != nil
    }

    /// The trimmed value in the first of `names` the header has; nil when it is absent or empty.
    func value(_ row: CSVRow, _ names: String...) -> String? {
        for name in names {
            guard let index = indexes[Self.key(name)], index < row.fields.count else { continue }
            let value = row.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : Self.oneLineBreak(value)
        }
        return nil
    }

    /// The numbers `n` of the columns named `<prefix> n<suffix>`, ascending: Google writes as
    /// many `E-mail n - Value` columns as the contact with the most emails needs.
    func numbers(prefix: String, suffix: String) -> [Int] {
        numbered[Self.key(prefix) + "#" + Self.key(suffix)] ?? []
    }

    /// The name with its first run of digits as `#`, and the number they make.
    private static func numbered(_ name: String) -> (pattern: String, number: Int)? {
        guard let start = name.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        let end = name[start...].firstIndex { !($0.isASCII && $0.isNumber) } ?? name.endIndex
        guard let number = Int(name[start..<end]) else { return nil }
        return (name[..<start] + "#" + name[end...], number)
    }

    private static func key(_ name: String) -> String {
        name.lowercased()
    }

    /// Notes written on Windows carry CR LF; a note should not compare unequal for that.
    static func oneLineBreak(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
