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

    static let python = ProcessInfo.processInfo.environment["KINDRED_PYTHON"]
    static let strict = ProcessInfo.processInfo.environment["KINDRED_STRICT"] == "1"

    let port: Int
    let certificate: String?
    let directory: String
    private let process: Process

    private init(port: Int, certificate: String?, directory: String, process: Process) {
        self.port = port
        self.certificate = certificate
        self.directory = directory
        self.process = process
    }

    static func start(_ arguments: [String]) async throws -> SMTPSink {
        let python = try #require(python, "KINDRED_STRICT=1 allows no skip: set KINDRED_PYTHON to a Python with aiosmtpd (scripts/test does)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-smtp-" + UUID().uuidString).path
        var script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("smtp_sink.py")
        if !FileManager.default.fileExists(atPath: script.path) {
            script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                .appendingPathComponent("Tests/KindredServerTests/Support/smtp_sink.py")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, "--dir", directory] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read on a thread of its own: a blocking read on the concurrency pool's few threads
        // would stall every other test while the sink starts.
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            Thread.detachNewThread {
                var bytes: [UInt8] = []
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    bytes += chunk
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }
        }
        let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 2).map(String.init)
        guard fields.count == 3, fields[0] == "READY", let port = Int(fields[1]) else {
            process.terminate()
            throw SinkFailed(line: line)
        }
        return SMTPSink(port: port, certificate: fields[2] == "-" ? nil : fields[2], directory: directory, process: process)
    }

    struct SinkFailed: Error, CustomStringConvertible {
        let line: String
        var description: String { "smtp_sink.py did not start (is aiosmtpd installed?): \(line)" }
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
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
