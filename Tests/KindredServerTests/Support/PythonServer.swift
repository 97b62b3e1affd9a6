import Foundation
import Testing

/// A server written in Python that a test starts with the test venv's interpreter
/// (`KINDRED_PYTHON`): it prints one line, `READY …`, once it accepts connections, and runs until
/// terminated (or until its parent goes). The SMTP sink, the S3 server and the push service are
/// such. Each must unblock SIGTERM itself (`signal.pthread_sigmask`): the test process's threads
/// block it and a child inherits the mask, so without that `stop()` waits for an exit that never
/// comes.
struct PythonServer: Sendable {
    static let python = ProcessInfo.processInfo.environment["KINDRED_PYTHON"]
    static let strict = ProcessInfo.processInfo.environment["KINDRED_STRICT"] == "1"
    /// Whether a suite needing one runs: with a Python, or under `KINDRED_STRICT=1`, where a
    /// missing one fails rather than skips.
    static let enabled = python != nil || strict

    let process: Process
    /// The words after `READY`.
    let fields: [String]

    struct Failed: Error, CustomStringConvertible {
        let script: String
        let line: String
        var description: String { "\(script) did not start (are its PyPI packages in the venv?): \(line)" }
    }

    static func start(_ script: String, _ arguments: [String]) async throws -> PythonServer {
        let python = try #require(Self.python,
                                  "KINDRED_STRICT=1 allows no skip: set KINDRED_PYTHON to the test venv's Python (scripts/test does)")
        var path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(script)
        if !FileManager.default.fileExists(atPath: path.path) {
            path = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Tests/KindredServerTests/Support/" + script)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [path.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read on a thread of its own: a blocking read on the concurrency pool's few threads
        // would stall every other test while the server starts.
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
        let words = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        guard words.first == "READY" else {
            process.terminate()
            throw Failed(script: script, line: line)
        }
        return PythonServer(process: process, fields: Array(words.dropFirst()))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
