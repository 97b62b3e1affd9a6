import Foundation

extension ContactCard {
    /// `N`. A component holding several values (prefixes `Dr.,Prof.`) reads as the text written,
    /// the values joined by commas: Rin shows and compares names, it does not take them apart.
    public struct StructuredName: Hashable, Sendable {
        public var family: String
        public var given: String
        public var additional: String
        public var prefixes: String
        public var suffixes: String

        public init(family: String = "", given: String = "", additional: String = "", prefixes: String = "", suffixes: String = "") {
            self.family = family
            self.given = given
            self.additional = additional
            self.prefixes = prefixes
            self.suffixes = suffixes
        }

        /// "Dr. John Quincy Appleseed Jr.": the parts in the order most of Rin's users read them.
        public var displayName: String {
            [prefixes, given, additional, family, suffixes].filter { !$0.isEmpty }.joined(separator: " ")
        }
    }

    /// `ORG`: the organisation, then its units from the largest down (`Apple Inc.;Engineering`).
    public struct Organization: Hashable, Sendable {
        public var name: String
        public var units: [String]

        public init(name: String, units: [String] = []) {
            self.name = name
            self.units = units
        }
    }

    /// An email, phone or URL with its kinds (`home`, `cell`, or a label the person typed).
    public struct LabeledValue: Hashable, Sendable {
        public var value: String
        /// See `ContactCard.normalizedTypes`.
        public var types: [String]
        /// The one to use first: 4.0 `PREF=1`, 3.0 `TYPE=pref`, 2.1 `;PREF`.
        public var preferred: Bool

        public init(_ value: String, types: [String] = [], preferred: Bool = false) {
            self.value = value
            self.types = ContactCard.normalizedTypes(types)
            self.preferred = preferred || ContactCard.saysPreferred(types)
        }
    }

    /// `ADR`, in the RFC's order. A component with several values (two street lines written as a
    /// list) reads as the text written, the values joined by commas.
    public struct PostalAddress: Hashable, Sendable {
        public var poBox: String
        public var extended: String
        public var street: String
        public var locality: String
        public var region: String
        public var postalCode: String
        public var country: String
        public var types: [String]
        public var preferred: Bool

        public init(poBox: String = "", extended: String = "", street: String = "", locality: String = "", region: String = "",
                    postalCode: String = "", country: String = "", types: [String] = [], preferred: Bool = false) {
            self.poBox = poBox
            self.extended = extended
            self.street = street
            self.locality = locality
            self.region = region
            self.postalCode = postalCode
            self.country = country
            self.types = ContactCard.normalizedTypes(types)
            self.preferred = preferred || ContactCard.saysPreferred(types)
        }

        var components: [String] { [poBox, extended, street, locality, region, postalCode, country] }
    }

    /// Types are `TYPE` values (lowercased on reading: `home`, `cell`) and labels a person typed
    /// (`Lake house`, Apple's `item1.X-ABLabel`), which keep their case. A vCard can say the first
    /// in `TYPE` but the second only on a label line after it, so types are kept in that order,
    /// each once: then a card reads back from its own 4.0 text exactly as it was.
    ///
    /// `pref` is not a type but the 3.0 way to say `preferred`, and is moved there.
    static func normalizedTypes(_ types: [String]) -> [String] {
        var seen = Set<String>()
        let unique = types.filter { !$0.isEmpty && $0.lowercased() != "pref" && seen.insert($0).inserted }
        return unique.filter(isTypeToken) + unique.filter { !isTypeToken($0) }
    }

    static func saysPreferred(_ types: [String]) -> Bool {
        types.contains { $0.lowercased() == "pref" }
    }

    /// What can be written as a `TYPE` value and read back the same: lowercase letters, digits, `-`.
    static func isTypeToken(_ type: String) -> Bool {
        !type.isEmpty && type.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "-") }
    }
}
