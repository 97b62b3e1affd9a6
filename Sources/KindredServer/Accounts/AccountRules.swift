import Foundation

/// What makes an email, username, password or profile field acceptable. Each check returns the
/// normalised value or a field error, so one request reports every bad field at once.
enum AccountRules {
    static let minimumPasswordLength = 8
    static let maximumPasswordLength = 128
    static let usernameLength = 3...20
    static let displayNameLimit = 60
    static let bioLimit = 500

    /// Names that would confuse people or collide with routes, staff roles and the apps.
    static let reservedUsernames: Set<String> = KindredApps.reservedUsernames.union([
        "admin", "administrator", "root", "system", "kindred", "support", "help", "staff", "moderator",
        "official", "security", "api", "www", "mail", "me", "settings", "profile", "profiles", "login",
        "signin", "signup", "signout", "logout", "register", "account", "null", "undefined", "about",
        "privacy", "terms", "media", "realtime", "everyone", "here",
    ])

    static func email(_ raw: String) -> Result<String, AppError.FieldError> {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, email.unicodeScalars.allSatisfy({ !TextRules.isControl($0) }), parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
              !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !email.contains(where: { $0.isWhitespace || $0.isNewline })
        else { return .failure(.init(field: "email", message: "Enter an email address like name@example.com.")) }
        return .success(email)
    }

    /// Reserved names are unavailable, like taken ones (409), not malformed.
    static func isReserved(_ username: String) -> Bool {
        reservedUsernames.contains(username.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ".", with: ""))
    }

    static func username(_ raw: String) -> Result<String, AppError.FieldError> {
        let username = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard usernameLength.contains(username.count) else {
            return .failure(.init(field: "username", message: "Usernames are 3 to 20 characters."))
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789_.")
        guard username.allSatisfy(allowed.contains) else {
            return .failure(.init(field: "username", message: "Use only letters, digits, _ and ."))
        }
        return .success(username)
    }

    static func password(_ raw: String) -> Result<String, AppError.FieldError> {
        guard !raw.unicodeScalars.contains("\u{0}") else {
            return .failure(.init(field: "password", message: "A password cannot contain a NUL character."))
        }
        // Counted in code points, as the contract counts (and bcrypt reads at most 72 bytes anyway).
        guard raw.unicodeScalars.count >= minimumPasswordLength else {
            return .failure(.init(field: "password", message: "Use at least \(minimumPasswordLength) characters."))
        }
        guard raw.unicodeScalars.count <= maximumPasswordLength else {
            return .failure(.init(field: "password", message: "Use at most \(maximumPasswordLength) characters."))
        }
        return .success(raw)
    }

    static func displayName(_ raw: String) -> Result<String, AppError.FieldError> {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { return .failure(.init(field: "displayName", message: "Enter a name.")) }
        return TextRules.check(name, field: "displayName", limit: displayNameLimit, lines: .single,
                        tooLong: "Names are at most \(displayNameLimit) characters.")
    }

    static func bio(_ raw: String) -> Result<String, AppError.FieldError> {
        let bio = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        return TextRules.check(bio, field: "bio", limit: bioLimit, lines: .multiple,
                        tooLong: "A bio is at most \(bioLimit) characters.")
    }

    /// A device label for the sessions list: the client's own, else one guessed from User-Agent.
    static func device(_ supplied: String?, userAgent: String?) -> String {
        if let supplied = supplied?.trimmingCharacters(in: .whitespacesAndNewlines), !supplied.isEmpty,
           case .success(let label) = TextRules.check(supplied, field: "device", limit: 100, lines: .single, tooLong: "") {
            return label
        }
        guard let agent = userAgent else { return "Unknown device" }
        // Order matters: Edge's agent also says Chrome, Chrome's says Safari, iPhone's says Mac OS X.
        let browsers = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"), ("Safari/", "Safari")]
        let systems = [("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("Mac OS X", "Mac"), ("Windows", "Windows"), ("Linux", "Linux")]
        let browser = browsers.first { agent.contains($0.0) }?.1
        let system = systems.first { agent.contains($0.0) }?.1
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return system
        default: return String(agent.prefix(60))
        }
    }
}

/// What any text a person types must be: within its length in characters (grapheme clusters, what
/// people count) and in bytes (what storage and PostgreSQL's NOTIFY count: one letter with 8,000
/// combining marks is one character), with no control characters (a NUL is cut short by SQLite
/// and refused by PostgreSQL) and, in one-line names, no bidirectional overrides, which can make
/// a name display as someone else's.
enum TextRules {
    enum Lines { case single, multiple }

    /// A grapheme cluster is rarely longer than this many bytes in real text (a flag, a family emoji).
    static let bytesPerCharacter = 8

    /// - Parameter tooLong: what to say when the text is over `limit`.
    static func check(_ text: String, field: String, limit: Int, lines: Lines, tooLong: String) -> Result<String, AppError.FieldError> {
        guard text.count <= limit, text.utf8.count <= limit * bytesPerCharacter else {
            return .failure(.init(field: field, message: tooLong))
        }
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(lines == .multiple && (scalar == "\n" || scalar == "\t")) {
                return .failure(.init(field: field, message: "Remove the control characters (such as NUL) from this text."))
            }
            if lines == .single, isBidiControl(scalar) {
                return .failure(.init(field: field, message: "Remove the text-direction control characters from this text."))
            }
        }
        return .success(text)
    }

    /// C0 and C1 controls (NUL, escape, DEL, …), and the line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}

/// Collects field errors from several checks and throws them together.
struct FieldValidator {
    private(set) var errors: [AppError.FieldError] = []

    mutating func check<T>(_ result: Result<T, AppError.FieldError>) -> T? {
        switch result {
        case .success(let value): return value
        case .failure(let error): errors.append(error); return nil
        }
    }

    func throwIfInvalid() throws {
        if !errors.isEmpty { throw AppError.validation(errors) }
    }
}
