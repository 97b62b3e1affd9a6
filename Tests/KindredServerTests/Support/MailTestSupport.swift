import Foundation
import KindredTestSupport
import Testing
@testable import KindredServer

/// A real SMTP server on loopback: `Support/smtp_sink.py` (aiosmtpd) run with the test venv's
/// Python, keeping each message and its envelope in a folder.
final class SMTPSink: Sendable {
    struct Envelope: Decodable, Sendable {
        let mail_from: String
        let rcpt_tos: [String]
        let authenticated_as: String?
        let tls: Bool
    }

    let port: Int
    let certificate: String?
    let directory: String
    private let server: PythonServer

    private init(port: Int, certificate: String?, directory: String, server: PythonServer) {
        self.port = port
        self.certificate = certificate
        self.directory = directory
        self.server = server
    }

    static func start(_ arguments: [String]) async throws -> SMTPSink {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-smtp-" + UUID().uuidString).path
        let server = try await PythonServer.start("smtp_sink.py", ["--dir", directory] + arguments)
        guard server.fields.count == 2, let port = Int(server.fields[0]) else {
            server.stop()
            throw PythonServer.Failed(script: "smtp_sink.py", line: server.fields.joined(separator: " "))
        }
        return SMTPSink(port: port, certificate: server.fields[1] == "-" ? nil : server.fields[1], directory: directory, server: server)
    }

    /// What the server received, in order: each envelope with its message.
    func received() throws -> [(envelope: Envelope, mail: ReceivedMail)] {
        let folder = directory + "/messages"
        let numbers = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.compactMap { Int($0.dropLast(5)) }.sorted()
        return try numbers.map { number in
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(number).json")))
            let raw = try String(contentsOfFile: "\(folder)/\(number).eml", encoding: .utf8)
            return (envelope, try ReceivedMail(raw: raw))
        }
    }

    func settings(_ security: SMTPSettings.Security, username: String? = "kindred", password: String? = "mail secret",
                  trusting: Bool = true) -> SMTPSettings {
        SMTPSettings(host: "localhost", port: port, security: security, username: username, password: password,
                     trustRootsFile: trusting ? certificate : nil, clientName: "kindred.test", timeout: 10)
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
