import Foundation

/// Everything Kindred reads from its environment, read in one place.
///
/// `fromEnvironment` collects every problem before failing, so a misconfigured start-up names all
/// of them at once instead of one per restart.
public struct KindredConfiguration: Sendable {
    public enum Database: Sendable, Equatable {
        case sqlite(path: String)
        case sqliteInMemory
        case postgres(url: String)
    }

    public var host: String
    public var port: Int
    public var database: Database
    /// How long PostgreSQL may take to accept a new connection, and how long a request may wait
    /// for a free pooled one, before it fails.
    public var databaseTimeout: TimeInterval
    public var dataDirectory: String
    public var mediaDirectory: String
    /// Media in an S3-compatible bucket instead of `mediaDirectory` (`KINDRED_S3_*`).
    public var s3: S3Settings?
    public var publicDirectory: String
    /// Where people reach this server, for links printed in QR codes (no trailing slash).
    public var publicBaseURL: String
    /// Master secret; the token-signing and URL-signing keys are derived from it.
    public var secret: [UInt8]
    public var accessTokenLifetime: TimeInterval
    public var refreshTokenLifetime: TimeInterval
    /// How long a session found active may be trusted without reading it again (`SessionCache`);
    /// 0 reads it on every request.
    public var sessionCacheLifetime: TimeInterval
    public var mediaURLLifetime: TimeInterval
    /// An upload nothing uses (no post, no avatar) is removed after this long.
    public var unusedUploadLifetime: TimeInterval
    public var bcryptCost: Int
    public var apple: AppleSignInConfiguration
    public var signInLimits: SignInLimits
    /// Sign-ups one client address may attempt per hour (each one costs a password hash, and a
    /// taken email answers differently).
    public var signUpsPerAddressPerHour: Int
    /// Whether sign-up creates the account only once its address is confirmed by an e-mailed
    /// link, answering alike whether or not the address already has an account (whose owner is
    /// told instead), so nobody can list who is registered. On by default when e-mail really
    /// goes out (SMTP); off in development, where sign-up signs in at once.
    public var signUpConfirmsEmail: Bool
    /// Reports one person may file per hour (each one is a moderator's time).
    public var reportsPerHour: Int
    /// How many reverse proxies in front of Kindred append to `X-Forwarded-For`. The client's
    /// address is the one that many entries from the right (the entries further left are
    /// whatever the client claimed). 0: use the socket's peer address.
    public var trustedProxies: Int
    public var passwordHashing: PasswordHashingLimits
    public var connectionLimits: ConnectionLimits
    /// Cookies get `Secure` (on by default in production; HTTPS only then).
    public var secureCookies: Bool
    /// Whether this instance offers to run the scheduled jobs (each run happens once across all
    /// instances either way) and sends queued push messages. The tests do both by hand instead.
    public var runsJobs: Bool
    /// The bearer token `GET /metrics` needs; without one the path does not exist.
    public var metricsToken: SecretString?
    /// Where e-mail goes and whom it is from.
    var mail: MailSettings
    /// Where e-mail is written when no SMTP server is configured (each test app has its own).
    public var mailDirectory: String {
        get { mail.directory }
        set { mail.directory = newValue }
    }
    /// Where push notifications may go, and how the server signs them.
    public var push: PushSettings
    /// Each app's own section, read with the same reader (see `KindredApp.readConfiguration`).
    var apps: AppConfigurationSections

    public struct AppleSignInConfiguration: Sendable {
        public var jwksURL: String
        /// The app's bundle ids; Apple sign-in is refused while this is empty.
        public var bundleIDs: [String]
        /// How soon an unknown `kid` may trigger another JWKS fetch.
        public var minimumRefetchInterval: TimeInterval
        public var keysLifetime: TimeInterval
    }

    public struct SignInLimits: Sendable {
        /// Attempts per account from one address.
        public var perAccount: Int
        /// Attempts per address, across accounts.
        public var perAddress: Int
        /// Attempts per account from all addresses that already failed for it; a fresh address
        /// always gets its try, so the owner is never locked out.
        public var perAccountCeiling: Int
        public var window: TimeInterval
    }

    /// Password hashing runs on threads of its own, so a flood of sign-ups cannot starve the
    /// database's and the request handlers' threads; beyond `queueLimit` waiting hashes, requests
    /// are answered 503 with `Retry-After`.
    public struct PasswordHashingLimits: Sendable {
        public var threads: Int
        public var queueLimit: Int
    }

    /// Bounds on what one client can hold open.
    public struct ConnectionLimits: Sendable {
        /// A kept-alive connection with no request in flight is closed after this long.
        public var idleTimeout: TimeInterval
        /// Realtime sockets one account may hold open at once.
        public var socketsPerAccount: Int
        /// A request's head must arrive within `headTimeout`, a second longer per `minimumRate`
        /// bytes received, up to twice `headTimeout`; its body within `bodyTimeout`, a second
        /// longer per `minimumRate` bytes. Apache's `mod_reqtimeout` rule: a phone uploading a
        /// photo slowly meets it, a client dripping a byte every few seconds does not.
        public var headTimeout: TimeInterval
        public var bodyTimeout: TimeInterval
        public var minimumRate: Int
        /// Connections one client address may hold open at once. Not applied behind trusted
        /// proxies, where every connection comes from a proxy's address; limit them there.
        public var connectionsPerAddress: Int
        /// Serve through `FrontServer`, which keeps the head and body deadlines and the per-address
        /// cap. Off, Vapor listens directly (faster), and a proxy in front must keep them instead.
        public var frontListener: Bool
    }

    public struct Invalid: Error, CustomStringConvertible {
        public var problems: [String]
        public var description: String {
            "Kindred cannot start; fix its configuration:\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
        }
    }

    /// Reads the configuration. In production a missing `KINDRED_SECRET` is an error; elsewhere a
    /// random secret is created once under the data directory so `swift run kindred` just works.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        isProduction: Bool
    ) throws -> KindredConfiguration {
        var reader = EnvironmentReader(values: environment)
        let dataDirectory = reader.string("KINDRED_DATA_DIR", default: "./data")
        let databaseURL = reader.optionalString("DATABASE_URL")
        let sqlitePath = reader.string("KINDRED_SQLITE_PATH", default: dataDirectory + "/kindred.sqlite")
        if let databaseURL, !(databaseURL.hasPrefix("postgres://") || databaseURL.hasPrefix("postgresql://")) {
            reader.problems.append("DATABASE_URL must be a postgres:// URL (unset it to use SQLite).")
        }
        var secret: [UInt8] = []
        if let hex = reader.optionalString("KINDRED_SECRET") {
            if let bytes = [UInt8](hexString: hex), bytes.count >= 32 {
                secret = bytes
            } else {
                reader.problems.append("KINDRED_SECRET must be at least 64 hexadecimal characters (32 bytes); try `openssl rand -hex 32`.")
            }
        } else if isProduction {
            reader.problems.append("KINDRED_SECRET is required in production; try `openssl rand -hex 32`.")
        }
        let host = reader.string("KINDRED_HOST", default: "127.0.0.1")
        let port = reader.integer("KINDRED_PORT", default: 8080, range: 1...65535)
        var publicBaseURL = reader.string("KINDRED_PUBLIC_URL", default: "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)")
        while publicBaseURL.hasSuffix("/") { publicBaseURL.removeLast() }
        if !(publicBaseURL.hasPrefix("http://") || publicBaseURL.hasPrefix("https://")) {
            reader.problems.append("KINDRED_PUBLIC_URL must start with http:// or https://.")
        }
        let mail = MailSettings.read(&reader, dataDirectory: dataDirectory, publicBaseURL: publicBaseURL)
        let push = PushSettings.read(&reader, mailFrom: mail.from)
        var apps = AppConfigurationSections()
        for app in KindredApps.all { app.readConfiguration(&reader, into: &apps) }
        if reader.optionalString("KINDRED_TRUST_FORWARDED_FOR") != nil {
            reader.problems.append("KINDRED_TRUST_FORWARDED_FOR is replaced by KINDRED_TRUSTED_PROXIES: the number of proxies in front of Kindred (1 behind one load balancer).")
        }
        let metricsToken = reader.optionalString("KINDRED_METRICS_TOKEN").map(SecretString.init)
        if let token = metricsToken, token.value.utf8.count < 16 {
            reader.problems.append("KINDRED_METRICS_TOKEN must be at least 16 characters: it is all that stands between the metrics and anyone.")
        }
        let configuration = KindredConfiguration(
            host: host,
            port: port,
            database: databaseURL.map { .postgres(url: $0) } ?? .sqlite(path: sqlitePath),
            databaseTimeout: TimeInterval(reader.integer("KINDRED_DATABASE_TIMEOUT_SECONDS", default: 10, range: 1...300)),
            dataDirectory: dataDirectory,
            mediaDirectory: reader.string("KINDRED_MEDIA_DIR", default: dataDirectory + "/media"),
            s3: S3Settings.read(&reader),
            publicDirectory: reader.string("KINDRED_PUBLIC_DIR", default: "./Public"),
            publicBaseURL: publicBaseURL,
            secret: secret,
            accessTokenLifetime: TimeInterval(reader.integer("KINDRED_ACCESS_TOKEN_SECONDS", default: 900, range: 30...86_400)),
            refreshTokenLifetime: TimeInterval(reader.integer("KINDRED_REFRESH_TOKEN_DAYS", default: 60, range: 1...365) * 86_400),
            sessionCacheLifetime: TimeInterval(reader.integer("KINDRED_SESSION_CACHE_SECONDS", default: 5, range: 0...60)),
            mediaURLLifetime: TimeInterval(reader.integer("KINDRED_MEDIA_URL_SECONDS", default: 3600, range: 10...604_800)),
            unusedUploadLifetime: TimeInterval(reader.integer("KINDRED_UNUSED_UPLOAD_HOURS", default: 24, range: 1...720) * 3600),
            bcryptCost: reader.integer("KINDRED_BCRYPT_COST", default: 12, range: 4...31),
            apple: .init(
                jwksURL: reader.string("KINDRED_APPLE_JWKS_URL", default: "https://appleid.apple.com/auth/keys"),
                bundleIDs: reader.list("KINDRED_APPLE_BUNDLE_IDS"),
                minimumRefetchInterval: 60,
                keysLifetime: 86_400
            ),
            signInLimits: .init(
                perAccount: reader.integer("KINDRED_SIGNIN_LIMIT_PER_ACCOUNT", default: 5, range: 1...1000),
                perAddress: reader.integer("KINDRED_SIGNIN_LIMIT_PER_ADDRESS", default: 20, range: 1...100_000),
                perAccountCeiling: reader.integer("KINDRED_SIGNIN_CEILING_PER_ACCOUNT", default: 50, range: 1...100_000),
                window: 15 * 60
            ),
            signUpsPerAddressPerHour: reader.integer("KINDRED_SIGNUP_LIMIT_PER_ADDRESS", default: 10, range: 1...1_000_000),
            signUpConfirmsEmail: reader.boolean("KINDRED_SIGNUP_CONFIRMS_EMAIL", default: mail.smtp != nil),
            reportsPerHour: reader.integer("KINDRED_REPORTS_PER_HOUR", default: 20, range: 1...10_000),
            trustedProxies: reader.integer("KINDRED_TRUSTED_PROXIES", default: 0, range: 0...10),
            passwordHashing: .init(
                threads: reader.integer("KINDRED_PASSWORD_THREADS", default: 1, range: 1...64),
                queueLimit: reader.integer("KINDRED_PASSWORD_QUEUE", default: 32, range: 1...10_000)
            ),
            connectionLimits: .init(
                idleTimeout: TimeInterval(reader.integer("KINDRED_IDLE_TIMEOUT_SECONDS", default: 75, range: 1...3600)),
                socketsPerAccount: reader.integer("KINDRED_SOCKETS_PER_ACCOUNT", default: 20, range: 1...100_000),
                headTimeout: TimeInterval(reader.integer("KINDRED_HEAD_TIMEOUT_SECONDS", default: 20, range: 1...600)),
                bodyTimeout: TimeInterval(reader.integer("KINDRED_BODY_TIMEOUT_SECONDS", default: 20, range: 1...3600)),
                minimumRate: reader.integer("KINDRED_MIN_RATE_BYTES_PER_SECOND", default: 500, range: 1...100_000_000),
                connectionsPerAddress: reader.integer("KINDRED_CONNECTIONS_PER_ADDRESS", default: 128, range: 1...1_000_000),
                frontListener: reader.boolean("KINDRED_FRONT_LISTENER", default: true)
            ),
            secureCookies: reader.boolean("KINDRED_SECURE_COOKIES", default: isProduction),
            runsJobs: reader.boolean("KINDRED_RUN_JOBS", default: true),
            metricsToken: metricsToken,
            mail: mail,
            push: push,
            apps: apps
        )
        guard reader.problems.isEmpty else { throw Invalid(problems: reader.problems) }
        return configuration
    }
}

extension S3Settings {
    /// All of `KINDRED_S3_ENDPOINT`, `_BUCKET`, `_ACCESS_KEY_ID` and `_SECRET_ACCESS_KEY`, or none
    /// (media on disk); `_REGION` defaults to `us-east-1`, `_SESSION_TOKEN` is for temporary keys.
    static func read(_ reader: inout EnvironmentReader) -> S3Settings? {
        let names = ["KINDRED_S3_ENDPOINT", "KINDRED_S3_BUCKET", "KINDRED_S3_ACCESS_KEY_ID", "KINDRED_S3_SECRET_ACCESS_KEY"]
        let values = names.map { reader.optionalString($0) }
        if values.allSatisfy({ $0 == nil }) { return nil }
        guard let endpoint = values[0], let bucket = values[1], let keyID = values[2], let secret = values[3] else {
            let missing = zip(names, values).filter { $0.1 == nil }.map(\.0)
            reader.problems.append("S3 media storage needs \(missing.joined(separator: ", ")) as well (or none of KINDRED_S3_*).")
            return nil
        }
        guard let url = URL(string: endpoint), ["http", "https"].contains(url.scheme ?? ""), url.host != nil, url.path.isEmpty || url.path == "/"
        else {
            reader.problems.append("KINDRED_S3_ENDPOINT must be a URL of scheme, host and port only, such as https://s3.eu-west-1.amazonaws.com.")
            return nil
        }
        return S3Settings(endpoint: endpoint, bucket: bucket, region: reader.string("KINDRED_S3_REGION", default: "us-east-1"),
                          accessKeyID: keyID, secretAccessKey: SecretString(secret),
                          sessionToken: reader.optionalString("KINDRED_S3_SESSION_TOKEN"))
    }
}

/// E-mail: SMTP when `KINDRED_SMTP_URL` is set, else `.eml` files in `KINDRED_MAIL_DIR`.
struct MailSettings: Sendable {
    var from: MailAddress
    var smtp: SMTPSettings?
    var directory: String

    static func read(_ reader: inout EnvironmentReader, dataDirectory: String, publicBaseURL: String) -> MailSettings {
        let host = URLComponents(string: publicBaseURL)?.host ?? "localhost"
        // A bare host (localhost, an address) is no mail domain; .invalid (RFC 2606) says so honestly.
        let domain = host.contains(".") && Double(host.replacingOccurrences(of: ".", with: "")) == nil ? host : "kindred.invalid"
        let fromText = reader.string("KINDRED_MAIL_FROM", default: "kindred@" + domain)
        let from = MailAddress(fromText, name: reader.string("KINDRED_MAIL_FROM_NAME", default: "Kindred"))
        if from == nil { reader.problems.append("KINDRED_MAIL_FROM must be an e-mail address such as kindred@example.com; it is \"\(fromText)\".") }
        var smtp: SMTPSettings?
        if let url = reader.optionalString("KINDRED_SMTP_URL") {
            let timeout = TimeInterval(reader.integer("KINDRED_SMTP_TIMEOUT_SECONDS", default: 30, range: 1...600))
            switch SMTPSettings.parse(url, trustRootsFile: reader.optionalString("KINDRED_SMTP_CA_FILE"), clientName: domain, timeout: timeout) {
            case .success(let settings): smtp = settings
            case .failure(let problem): reader.problems.append(problem.message)
            }
        }
        return MailSettings(from: from ?? MailAddress("kindred@kindred.invalid")!, smtp: smtp,
                            directory: reader.string("KINDRED_MAIL_DIR", default: dataDirectory + "/mail"))
    }
}

/// A secret that never prints itself, so logging a configuration cannot leak it.
public struct SecretString: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let value: String
    public init(_ value: String) { self.value = value }
    public var description: String { "[redacted]" }
    public var debugDescription: String { "[redacted]" }
}

/// Parses environment values and remembers what was wrong, so all problems are reported together.
struct EnvironmentReader {
    let values: [String: String]
    var problems: [String] = []

    func optionalString(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    func string(_ name: String, default fallback: String) -> String {
        optionalString(name) ?? fallback
    }

    func list(_ name: String) -> [String] {
        (optionalString(name) ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    mutating func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) -> Int {
        guard let raw = optionalString(name) else { return fallback }
        guard let value = Int(raw), range.contains(value) else {
            problems.append("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound); it is \"\(raw)\".")
            return fallback
        }
        return value
    }

    mutating func boolean(_ name: String, default fallback: Bool) -> Bool {
        guard let raw = optionalString(name)?.lowercased() else { return fallback }
        switch raw {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default:
            problems.append("\(name) must be true or false; it is \"\(raw)\".")
            return fallback
        }
    }
}

extension Array where Element == UInt8 {
    init?(hexString: String) {
        let characters = Array(hexString.utf8)
        guard characters.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = Self.nibble(characters[index]), let low = Self.nibble(characters[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self = bytes
    }

    /// Lower-case hex. Every signed media URL in a page of posts is one (forty a feed page), so
    /// this writes the digits directly rather than formatting each byte.
    var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
