import Foundation
import SeededRandom
import Testing
@testable import KindredQR

/// Round trip through an independent reader: ~200 random symbols are written
/// as PNG files and decoded by zxing-cpp (via decode.py). This exercises
/// every version range, level, mode mix and mask, plus our PNG/zlib writer,
/// which decode.py parses with Python's zlib (CRCs and Adler-32 checked).
@Suite struct QRConformanceTests {
    static let python = ProcessInfo.processInfo.environment["KINDRED_PYTHON"]

    static let alphanumeric = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
    static let lower = Array("abcdefghijklmnopqrstuvwxyz?&=_~")
    static let unicode = Array("aäöüßéñçøłžČΩπ€日本語中文한국어🙂🚀 0123456789XYZ")

    /// Payload of roughly `units` characters in one of five styles.
    static func payload(kind: Int, units: Int, rng: inout SplitMix64) -> String {
        func pick(_ set: [Character], _ count: Int) -> String {
            String((0..<count).map { _ in set.randomElement(using: &rng) ?? "x" })
        }
        switch kind {
        case 0: return pick(Array("0123456789"), units)
        case 1: return pick(alphanumeric, units)
        case 2: return pick(lower, units)
        case 3: return pick(unicode, max(1, units / 3))
        default:  // mixed: forces multi-segment encodings
            return "https://kindred.app/c/" + pick(alphanumeric + Array("0123456789"), units / 2) + "?k=" + pick(lower, 4)
        }
    }

    @Test(.enabled(if: python != nil, "needs zxing-cpp; scripts/test provides it"))
    func zxingDecodesRandomSymbols() throws {
        let python = try #require(Self.python)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kindredqr-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var rng = SplitMix64(seed: 0x5152_636F_6465)
        var expected: [String: String] = [:]
        var versions = Set<Int>()
        let levels = ErrorCorrection.allCases
        for index in 0..<200 {
            let ecl = levels[index % 4]
            // Aim at a random target version by sizing the payload to roughly fill it.
            let target = Int.random(in: 1...40, using: &rng)
            let capacity = QRTables.dataCodewords(version: target, ecl: ecl)
            var text = Self.payload(kind: index % 5, units: Int.random(in: 1...max(1, capacity), using: &rng), rng: &rng)
            var code: QRCode?
            while code == nil {
                do {
                    code = try QRCode(encoding: text, errorCorrection: ecl, minimumVersion: target / 2)
                } catch {
                    text = String(text.prefix(max(1, text.count * 3 / 4)))
                }
            }
            let symbol = try #require(code)
            versions.insert(symbol.version)
            let name = String(format: "qr%03d.png", index)
            try Data(symbol.png(scale: 3, quietZone: 4)).write(to: directory.appendingPathComponent(name))
            expected[name] = text
        }
        #expect(versions.count >= 25, "versions covered: \(versions.sorted())")

        let decoded = try Self.runDecoder(python: python, directory: directory)
        var failures: [String] = []
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) where decoded[name] as? String != text {
            failures.append("\(name): expected \(text.prefix(40))…, got \(String(describing: decoded[name]).prefix(60))")
        }
        #expect(failures.isEmpty, "\(failures.count) of \(expected.count) failed:\n\(failures.joined(separator: "\n"))")
    }

    /// Runs decode.py (next to this file) and parses its JSON {file: text}.
    static func runDecoder(python: String, directory: URL) throws -> [String: Any] {
        var script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("decode.py")
        if !FileManager.default.fileExists(atPath: script.path) {
            // #filePath is relative when compiled outside SwiftPM; fall back to the package root.
            script = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
                .appendingPathComponent("Tests/KindredQRTests/decode.py")
        }
        let outputURL = directory.appendingPathComponent("decoded.json")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path, directory.path]
        // Write to a file rather than a pipe so a large result cannot block the child.
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        #expect(process.terminationStatus == 0, "decode.py exited with \(process.terminationStatus)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: outputURL))
        return try #require(json as? [String: Any])
    }
}
