import Foundation
import RinMatching

/// The regions a person may choose as their default (the one that reads phone numbers typed
/// without a country code): the same list the server accepts, from the shared phone metadata.
public enum RinRegions {
    public static let all: [String] = E164PhoneNormalizer.shared.supportedRegions.sorted()

    /// The device's own region when Rin knows its numbering, else nil (the person picks).
    public static func suggested(for locale: Locale = .current) -> String? {
        guard let region = locale.region?.identifier.uppercased(), all.contains(region) else { return nil }
        return region
    }

    /// A region's name in the reader's language ("GB" → "United Kingdom").
    public static func name(of region: String, in locale: Locale = .current) -> String {
        locale.localizedString(forRegionCode: region) ?? region
    }
}
