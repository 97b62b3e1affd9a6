import Foundation
import Testing
import Vapor
import KindredServer

/// A message as the tests read it back: from a `.eml` file the development mailer wrote, or from
/// what the SMTP sink received. Parsed here (headers, base64 body) so a test checks the bytes a
/// mail program would get, not the values Kindred meant to send.
public struct ReceivedMail: Sendable {
    public let headers: [String: String]
    public let text: String

    public init(raw: String) throws {
        let parts = raw.components(separatedBy: "\r\n\r\n")
        var headers: [String: String] = [:], last: String?
        for line in parts[0].components(separatedBy: "\r\n") {
            if line.hasPrefix(" ") || line.hasPrefix("\t"), let key = last {
                headers[key, default: ""] += line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let key = line[..<colon].lowercased()
                headers[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                last = key
            }
        }
        self.headers = headers
        #expect(headers["content-transfer-encoding"] == "base64")
        let body = parts.dropFirst().joined(separator: "\r\n\r\n").components(separatedBy: "\r\n").joined()
        text = try #require(Data(base64Encoded: body).flatMap { String(data: $0, encoding: .utf8) }, "the body is not base64 UTF-8")
    }

    public var to: String { headers["to"] ?? "" }
    /// The subject with RFC 2047 words decoded.
    public var subject: String {
        let raw = headers["subject"] ?? ""
        guard raw.hasPrefix("=?UTF-8?B?") else { return raw }
        return raw.components(separatedBy: "?==?UTF-8?B?").joined(separator: "?= =?UTF-8?B?").split(separator: " ").compactMap { word in
            Data(base64Encoded: String(word.dropFirst(10).dropLast(2))).flatMap { String(data: $0, encoding: .utf8) }
        }.joined()
    }

    /// The token of the link to `page` (`…/#/page?token=…`) in the body.
    public func token(of page: String) -> String? {
        guard let range = text.range(of: "/#/" + page + "?token=") else { return nil }
        return String(text[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }
}

/// The development mailer's folder of `.eml` files, read after the sends in flight finish.
public struct MailFolder: Sendable {
    public let directory: String
    let app: Application

    public func all() async throws -> [ReceivedMail] {
        await app.finishSendingMail()
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
        return try names.map { try ReceivedMail(raw: String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) }
    }

    public func to(_ address: String, subject: String? = nil) async throws -> [ReceivedMail] {
        try await all().filter { $0.to.contains(address) && (subject == nil || $0.subject == subject) }
    }
}

extension TestKindred {
    /// What this app's development mailer wrote (every test app has a folder of its own).
    public var mail: MailFolder { MailFolder(directory: configuration.mailDirectory, app: app) }
}
