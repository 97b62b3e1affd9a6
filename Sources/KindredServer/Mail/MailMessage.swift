import Foundation

/// One plain-text e-mail, and its RFC 5322 form. Kindred writes few e-mails (links and notices),
/// so text alone is enough: no HTML to sanitise, nothing a mail client fetches.
struct MailMessage: Sendable, Equatable {
    var from: MailAddress
    var to: MailAddress
    var subject: String
    var text: String
    /// Set when the message is rendered if left nil, so a retried send keeps its id and the
    /// recipient's mail server can drop the duplicate.
    var messageID: String?

    /// The message as it goes over SMTP's DATA or into a `.eml` file: CRLF line ends, headers
    /// in ASCII (a subject or name beyond it as RFC 2047 encoded words), the body as UTF-8 in
    /// base64, so no line is too long and no relay rewrites it.
    func rendered(date: Date, domain: String) -> String {
        var lines = [
            "From: " + from.header,
            "To: " + to.header,
            "Subject: " + Self.encodedWord(subject),
            "Date: " + Self.dateHeader(date),
            "Message-ID: <" + (messageID ?? Self.newMessageID(domain: domain)) + ">",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        let body = Data(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        lines += body.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed])
            .components(separatedBy: "\r\n")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    static func newMessageID(domain: String) -> String {
        Secrets.randomToken(bytes: 18) + "@" + domain
    }

    /// RFC 2047's B encoding for text beyond printable ASCII, in pieces short enough for a header.
    static func encodedWord(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var words: [String] = [], piece = ""
        for character in text {
            // 45 bytes of UTF-8 become 60 characters of base64: each word stays under 76.
            if piece.utf8.count + character.utf8.count > 45 {
                words.append(piece)
                piece = ""
            }
            piece.append(character)
        }
        if !piece.isEmpty { words.append(piece) }
        return words.map { "=?UTF-8?B?" + Data($0.utf8).base64EncodedString() + "?=" }.joined(separator: "\r\n ")
    }

    /// RFC 5322 §3.3, in UTC: `Sat, 28 Nov 2026 10:00:00 +0000`.
    static func dateHeader(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}

/// An address with an optional display name. The address is what SMTP's envelope carries; it
/// never holds CR, LF or angle brackets (`init` refuses them), so it cannot inject a header or a
/// command.
struct MailAddress: Sendable, Equatable {
    let address: String
    let name: String?

    init?(_ address: String, name: String? = nil) {
        guard !address.isEmpty, address.contains("@"),
              !address.contains(where: { $0.isNewline || $0 == "<" || $0 == ">" || $0 == " " || $0 == "\0" })
        else { return nil }
        self.address = address
        self.name = name.map { String($0.filter { !$0.isNewline }) }
    }

    var header: String {
        guard let name, !name.isEmpty else { return address }
        let quoted = name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F })
            ? "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            : MailMessage.encodedWord(name)
        return quoted + " <" + address + ">"
    }
}
