import RinMatching

/// The regions a Rin default region may be: those the phone metadata knows.
enum RinRegions {
    static let known = E164PhoneNormalizer.shared.supportedRegions

    static func isKnown(_ region: String) -> Bool { known.contains(region) }
}
