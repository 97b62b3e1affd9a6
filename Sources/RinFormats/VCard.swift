import Foundation

/// One contact as a .vcf file holds it: every content line, in file order, so nothing a phone or
/// a mail client wrote is lost before `ContactCard` picks out what Rin reads. `BEGIN`, `END` and
/// `VERSION` are the card's frame rather than its content, so they are not among `properties`.
public struct VCard: Hashable, Sendable {
    /// The `VERSION` line's value (`2.1`, `3.0`, `4.0`); nil when the card had none.
    public var version: String?
    public var properties: [VCardProperty]

    public init(version: String? = "4.0", properties: [VCardProperty] = []) {
        self.version = version
        self.properties = properties
    }

    /// Every property with this name (in any case), in file order.
    public func properties(named name: String) -> [VCardProperty] {
        let name = name.uppercased()
        return properties.filter { $0.name == name }
    }

    public func first(_ name: String) -> VCardProperty? {
        let name = name.uppercased()
        return properties.first { $0.name == name }
    }
}

/// One content line: `group.NAME;PARAM=value,value:value`.
public struct VCardProperty: Hashable, Sendable {
    /// `item1` in `item1.EMAIL`: Apple ties a label (`item1.X-ABLabel`) to a value this way.
    public var group: String?
    /// Uppercased, as names are case-insensitive (`tel` and `TEL` are one property).
    public var name: String
    /// In file order, names uppercased, a name given twice (`TYPE=CELL;TYPE=pref`) merged into one.
    /// A 2.1/3.0 bare parameter (`TEL;WORK;VOICE:`) reads as a `TYPE` value, or as the `ENCODING`
    /// when it names one (`NOTE;QUOTED-PRINTABLE:`).
    public var parameters: [VCardParameter]
    /// The text after the colon, unfolded, still escaped (`text` and `components` undo that).
    /// Quoted-printable and `CHARSET` are already undone, and their parameters dropped: they are how
    /// 2.1 carried text through 7-bit mail, not part of the text. Base64 stays as written, with
    /// its `ENCODING`, since it stands for bytes rather than text.
    public var value: String

    public init(group: String? = nil, name: String, parameters: [VCardParameter] = [], value: String) {
        self.group = group
        self.name = name.uppercased()
        self.parameters = parameters
        self.value = value
    }

    /// The values of one parameter (in any case), empty when it is absent.
    public func values(of parameter: String) -> [String] {
        let parameter = parameter.uppercased()
        return parameters.first { $0.name == parameter }?.values ?? []
    }

    /// The `TYPE` values, lowercased: `WORK`, `Work` and `work` are one type.
    public var types: [String] {
        values(of: "TYPE").map { $0.lowercased() }
    }

    /// The value read as one text: `\n`, `\,`, `\;`, `\\` (and Apple's `\:`) undone.
    public var text: String {
        VCardText.unescape(value)
    }

    /// The value read as a structured one (`N`, `ADR`, `ORG`): its `;`-separated components, each
    /// a list of its `,`-separated values, escapes undone within each value. An empty component is
    /// an empty list.
    public var components: [[String]] {
        VCardText.split(value, on: UInt8(ascii: ";")).map { component in
            component.isEmpty ? [] : VCardText.split(component, on: UInt8(ascii: ",")).map(VCardText.unescape)
        }
    }
}

public struct VCardParameter: Hashable, Sendable {
    /// Uppercased.
    public var name: String
    /// As written, quotes taken off and RFC 6868 carets (`^n`, `^'`, `^^`) undone.
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name.uppercased()
        self.values = values
    }
}
