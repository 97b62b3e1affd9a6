import Foundation

/// A place in Rin, as a value: what a `rin://` link, a notification or one feature asking for
/// another's screen names. Features never present each other's screens; they hand a route to the
/// shell, which gives it to the coordinator that owns it.
public enum RinRoute: Hashable, Sendable {
    public enum HomeSection: String, Hashable, Sendable, CaseIterable {
        case recent, favourites, review, imports
    }

    case home(section: HomeSection? = nil)
    case contact(UUID)
    case circles
    case circle(UUID)
    /// My primary profile (nil) or one of my alternates.
    case profile(UUID? = nil)
    case asks
    /// Another Rin person's page (what they let me see, and what I may ask for).
    case person(UUID)
    /// The card a share link opens (`<server>/r/<token>`, or `rin://cards/<token>`).
    case card(String)
    case settings
    case onboarding
    /// My Rin Score.
    case score
    /// The people I am linked to.
    case network
    /// The security inbox.
    case security

    public static let scheme = "rin"

    /// Parses `rin://home`, `rin://home?section=review`, `rin://contacts/{id}`, `rin://circles`,
    /// `rin://circles/{id}`, `rin://profile`, `rin://profile/{id}`, `rin://asks`, `rin://people/{id}`, `rin://settings`,
    /// `rin://onboarding`, `rin://score`, `rin://network` and `rin://security`. Anything else (another scheme, an unknown place, a malformed id, a
    /// trailing segment) is nil rather than a guess.
    public init?(url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        // A share link opened from a camera or a message: `https://<server>/r/<token>`.
        if ["http", "https"].contains(components.scheme?.lowercased()) {
            let parts = components.path.split(separator: "/").map(String.init)
            guard parts.count == 2, parts[0] == "r", let token = Self.shareToken(parts[1]) else { return nil }
            self = .card(token)
            return
        }
        guard components.scheme?.lowercased() == Self.scheme, let host = components.host?.lowercased() else { return nil }
        if host == "cards" {
            let parts = components.path.split(separator: "/").map(String.init)
            guard parts.count == 1, let token = Self.shareToken(parts[0]) else { return nil }
            self = .card(token)
            return
        }
        let segments = components.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard segments.count <= 1 else { return nil }
        let id: UUID?? = segments.first.map { UUID(uuidString: $0) }
        if case .some(.none) = id { return nil }  // a segment that is not an id
        let identifier = id ?? nil
        switch (host, identifier) {
        case ("home", nil):
            let value = components.queryItems?.first { $0.name == "section" }?.value
            guard let value else { self = .home(); return }
            guard let section = HomeSection(rawValue: value) else { return nil }
            self = .home(section: section)
        case ("contacts", let contact?): self = .contact(contact)
        case ("circles", nil): self = .circles
        case ("circles", let circle?): self = .circle(circle)
        case ("profile", let profile): self = .profile(profile)
        case ("asks", nil): self = .asks
        case ("people", let person?): self = .person(person)
        case ("settings", nil): self = .settings
        case ("onboarding", nil): self = .onboarding
        case ("score", nil): self = .score
        case ("network", nil): self = .network
        case ("security", nil): self = .security
        default: return nil
        }
    }

    /// A share link's secret: 22 characters of base64url, as the server makes them.
    static func shareToken(_ text: String) -> String? {
        guard text.count == 22, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        return text
    }

    /// The link for this place; `RinRoute(url: route.url) == route`.
    public var url: URL {
        var components = URLComponents()
        components.scheme = Self.scheme
        switch self {
        case .home(let section):
            components.host = "home"
            if let section { components.queryItems = [URLQueryItem(name: "section", value: section.rawValue)] }
        case .contact(let id): (components.host, components.path) = ("contacts", "/" + id.uuidString.lowercased())
        case .circles: components.host = "circles"
        case .circle(let id): (components.host, components.path) = ("circles", "/" + id.uuidString.lowercased())
        case .profile(let id):
            components.host = "profile"
            if let id { components.path = "/" + id.uuidString.lowercased() }
        case .asks: components.host = "asks"
        case .card(let token): (components.host, components.path) = ("cards", "/" + token)
        case .person(let id): (components.host, components.path) = ("people", "/" + id.uuidString.lowercased())
        case .settings: components.host = "settings"
        case .onboarding: components.host = "onboarding"
        case .score: components.host = "score"
        case .network: components.host = "network"
        case .security: components.host = "security"
        }
        // Every part above is a fixed word or a UUID, so the URL always forms.
        return components.url!
    }

    /// The tab a route lives in.
    public var tab: RinTab {
        switch self {
        case .home, .contact, .card: .home
        case .circles, .circle: .circles
        case .profile, .asks, .person, .settings, .security: .profile
        case .score, .network: .score
        case .onboarding: .home
        }
    }
}

/// Rin's four tabs (`architecture/IOS_NAVIGATION_STATE_V1.md`).
public enum RinTab: String, Hashable, Sendable, CaseIterable {
    case home, circles, score, profile
}
