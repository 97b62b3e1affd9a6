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
        return PushSettings(webPushServices: origins, contact: contact)
    }
}
