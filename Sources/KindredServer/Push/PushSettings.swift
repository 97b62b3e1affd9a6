import Crypto
import Foundation

/// Push notifications' part of the configuration (`KINDRED_PUSH_*`).
public struct PushSettings: Sendable {
    /// The push services a browser's subscription may name, as origins (`https://fcm.googleapis.com`)
    /// or with a wildcard first label (`https://*.notify.windows.com`). Kindred POSTs to whatever
    /// endpoint a registration gives: a list, rather than "any public host", is what keeps a
    /// stranger from making the server call hosts of the operator's own network.
    public var webPushServices: [ServiceOrigin]
    /// The VAPID `sub` claim (RFC 8292 §2.1): how a push service's operator reaches ours.
    public var contact: String

    /// Apple's Push Notification service, for the iOS apps; nil (iOS devices refused) unless
    /// `KINDRED_APNS_*` are all set.
    public var apns: APNs?

    /// What sending to APNs takes: the team's token-signing key (a `.p8` file from the developer
    /// account) with its id, the team, and the apps' bundle id.
    public struct APNs: Sendable, CustomStringConvertible {
        public var key: P256.Signing.PrivateKey
        public var keyID: String
        public var teamID: String
        /// The bundle id notifications are for (`apns-topic`).
        public var topic: String
        public var productionURL = "https://api.push.apple.com"
        public var sandboxURL = "https://api.sandbox.push.apple.com"
        /// PEM certificates to trust for APNs instead of the system's (the tests' local server).
        public var trustRootsFile: String?

        public init(key: P256.Signing.PrivateKey, keyID: String, teamID: String, topic: String) {
            self.key = key
            self.keyID = keyID
            self.teamID = teamID
            self.topic = topic
        }

        /// Never the key.
        public var description: String { "APNs(key \(keyID), team \(teamID), topic \(topic))" }
    }

    /// The endpoints of the browsers people use: Chrome (and the browsers built on it), Firefox,
    /// Safari, Edge.
    public static let knownWebPushServices = [
        "https://fcm.googleapis.com", "https://android.googleapis.com", "https://updates.push.services.mozilla.com",
        "https://web.push.apple.com", "https://*.notify.windows.com",
    ]

    /// An origin a push endpoint may have.
    public struct ServiceOrigin: Sendable, Equatable, CustomStringConvertible {
        public let scheme: String
        /// Lower case; `*.` first for "any host under".
        public let host: String
        public let port: Int

        /// Parses `scheme://host[:port]`, the host maybe `*.` and a domain.
        public init?(_ text: String) {
            // Read by hand: URL parsers differ on a `*` in a host.
            var rest = Substring(text.lowercased())
            if rest.hasSuffix("/") { rest.removeLast() }
            guard let separator = rest.range(of: "://") else { return nil }
            let scheme = String(rest[..<separator.lowerBound])
            guard scheme == "https" || scheme == "http" else { return nil }
            rest = rest[separator.upperBound...]
            var port = scheme == "https" ? 443 : 80
            if let colon = rest.lastIndex(of: ":") {
                guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else { return nil }
                port = number
                rest = rest[..<colon]
            }
            let name = rest.hasPrefix("*.") ? rest.dropFirst(2) : rest
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            guard !name.isEmpty, labels.allSatisfy({ label in
                !label.isEmpty && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }) else { return nil }
            self.scheme = scheme
            self.host = String(rest)
            self.port = port
        }

        /// Whether `url` is on this origin (or under it, for a wildcard).
        public func admits(_ url: URL) -> Bool {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), url.user == nil, url.password == nil
            else { return false }
            let port = url.port ?? (scheme == "https" ? 443 : 80)
            guard scheme == self.scheme, port == self.port else { return false }
            if self.host.hasPrefix("*.") { return host.hasSuffix(self.host.dropFirst(1)) && host.count > self.host.count - 1 }
            return host == self.host
        }

        public var description: String {
            let defaultPort = scheme == "https" ? 443 : 80
            return "\(scheme)://\(host)" + (port == defaultPort ? "" : ":\(port)")
        }
    }

    /// All of `KINDRED_APNS_KEY_FILE`, `_KEY_ID`, `_TEAM_ID` and `_TOPIC`, or none.
    static func readAPNs(_ reader: inout EnvironmentReader) -> APNs? {
        let names = ["KINDRED_APNS_KEY_FILE", "KINDRED_APNS_KEY_ID", "KINDRED_APNS_TEAM_ID", "KINDRED_APNS_TOPIC"]
        let values = names.map { reader.optionalString($0) }
        guard values.contains(where: { $0 != nil }) else { return nil }
        guard let path = values[0], let keyID = values[1], let teamID = values[2], let topic = values[3] else {
            let missing = zip(names, values).filter { $0.1 == nil }.map(\.0)
            reader.problems.append("APNs needs \(missing.joined(separator: ", ")) as well (or none of KINDRED_APNS_*).")
            return nil
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
              let key = try? P256.Signing.PrivateKey(pemRepresentation: text)
        else {
            reader.problems.append("KINDRED_APNS_KEY_FILE must be the readable .p8 key file from Apple (a P-256 key in PEM); \(path) is not.")
            return nil
        }
        var apns = APNs(key: key, keyID: keyID, teamID: teamID, topic: topic)
        apns.trustRootsFile = reader.optionalString("KINDRED_APNS_CA_FILE")
        if let url = reader.optionalString("KINDRED_APNS_URL") {
            // One server for both environments: a proxy in front of Apple, or a local stand-in.
            apns.productionURL = url
            apns.sandboxURL = url
        }
        return apns
    }

    static func read(_ reader: inout EnvironmentReader, mailFrom: MailAddress) -> PushSettings {
        let listed = reader.list("KINDRED_PUSH_SERVICES")
        var origins: [ServiceOrigin] = []
        for text in listed.isEmpty ? knownWebPushServices : listed {
            if let origin = ServiceOrigin(text) {
                origins.append(origin)
            } else {
                reader.problems.append("KINDRED_PUSH_SERVICES holds \"\(text)\", which is no origin such as https://fcm.googleapis.com or https://*.notify.windows.com.")
            }
        }
        let contact = reader.string("KINDRED_PUSH_CONTACT", default: "mailto:" + mailFrom.address)
        if !(contact.hasPrefix("mailto:") || contact.hasPrefix("https://")) {
            reader.problems.append("KINDRED_PUSH_CONTACT must be a mailto: or https: URL (RFC 8292): push services write to it about problems.")
        }
        return PushSettings(webPushServices: origins, contact: contact, apns: readAPNs(&reader))
    }
}
