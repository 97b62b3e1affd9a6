import Foundation
import Testing
@testable import RinMatching

/// docs/RIN.md §6, corpus test: `E164PhoneNormalizer` against Python's `phonenumbers` on the
/// seeded corpus that `scripts/lib/rin_phone_metadata.py` writes, every supported region's example
/// numbers in many spellings plus strings that are no number.
@Suite struct PhoneCorpusTests {
    static let python = ProcessInfo.processInfo.environment["KINDRED_PYTHON"]
    static let strict = ProcessInfo.processInfo.environment["KINDRED_STRICT"] == "1"

    /// RinMatchingTests does not depend on KindredTestSupport: the root is three folders up.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    static let corpusPath = "Tests/Fixtures/rin/phone-corpus.tsv"
    static let metadataPath = "Sources/RinMatching/PhoneMetadata.generated.swift"

    /// Rows where §6 decides otherwise on purpose, by input and region: what we give, and why.
    static let exceptions: [String: (ours: String, reason: String)] = [
        "TEL:7946-0958;PHONE-CONTEXT=+44-20\tUS": (
            "+442079460958\t1",
            "RFC 3966 scheme and parameter names are case-insensitive; phonenumbers finds them in lower case only"
        ),
        "+1 ８００ FLOWERS\tUS": (
            "+18003569377\t1",
            "phonenumbers drops every non-ASCII digit from a number with three letters; §6 maps every decimal digit"
        ),
    ]

    struct Row {
        let input, region, expected: String
        var key: String { "\(input)\t\(region)" }
    }

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(corpusPath), encoding: .utf8)
        return try text.components(separatedBy: "\n").filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { line in
            let fields = line.components(separatedBy: "\t")
            try #require(fields.count == 4, "malformed corpus line: \(line)")
            return Row(input: fields[0], region: fields[1], expected: "\(fields[2])\t\(fields[3])")
        }
    }

    /// In the corpus's terms: E.164 and possible (1/0), or `phonenumbers`' error kind and `-`.
    static func outcome(_ result: Result<PhoneNumber, PhoneNumberProblem>) -> String {
        switch result {
        case .success(let number): return "\(number.e164)\t\(number.isPossible ? 1 : 0)"
        case .failure(let problem): return "\(kind(problem))\t-"
        }
    }

    static func kind(_ problem: PhoneNumberProblem) -> String {
        switch problem {
        case .empty, .notANumber: "NOT_A_NUMBER"
        case .tooLong, .nationalNumberTooLong: "TOO_LONG"
        case .invalidCountryCode: "INVALID_COUNTRY_CODE"
        case .tooShortAfterInternationalPrefix: "TOO_SHORT_AFTER_IDD"
        case .nationalNumberTooShort: "TOO_SHORT_NSN"
        }
    }

    @Test func agreesWithPhonenumbers() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 10_000)
        var disagreements: [String] = []
        var excepted: Set<String> = []
        for row in rows {
            let ours = Self.outcome(E164PhoneNormalizer.shared.normalize(row.input, defaultRegion: row.region))
            if let exception = Self.exceptions[row.key] {
                excepted.insert(row.key)
                if ours != exception.ours { disagreements.append("\(row.key.debugDescription): \(ours), the exception says \(exception.ours)") }
            } else if ours != row.expected {
                disagreements.append("\(row.key.debugDescription): \(ours), phonenumbers \(row.expected)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) of \(rows.count) rows:\n\(disagreements.prefix(40).joined(separator: "\n"))")
        #expect(excepted == Set(Self.exceptions.keys), "exceptions no longer in the corpus: \(Set(Self.exceptions.keys).subtracting(excepted))")
    }

    @Test func coversEverySupportedRegion() throws {
        let regions = Set(try Self.rows().map(\.region))
        let missing = Set(PhoneMetadata.shared.regions.keys).subtracting(regions)
        #expect(missing.isEmpty, "regions without rows: \(missing.sorted())")
    }

    @Test(.enabled(if: python != nil || strict, "needs KINDRED_PYTHON with phonenumbers; scripts/test provides it"))
    func generatedFilesAreCurrent() throws {
        let python = try #require(Self.python, "KINDRED_STRICT=1 allows no skip: set KINDRED_PYTHON")
        let requirements = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Tests/requirements.txt"), encoding: .utf8)
        let pinned = try #require(requirements.components(separatedBy: "\n").lazy
            .compactMap { $0.hasPrefix("phonenumbers==") ? String($0.dropFirst("phonenumbers==".count)) : nil }.first,
            "Tests/requirements.txt pins no phonenumbers")
        let installed = try Self.run(python, ["-c", "import phonenumbers; print(phonenumbers.__version__)"])
        try #require(
            installed.status == 0 && installed.output == pinned,
            "\(python) has \(installed.status == 0 ? "phonenumbers " + installed.output : "no phonenumbers"), Tests/requirements.txt pins \(pinned): run `\(python) -m pip install phonenumbers==\(pinned)`"
        )

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rin-phone-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }  // best effort: a temporary directory
        let script = Self.repositoryRoot.appendingPathComponent("scripts/lib/rin_phone_metadata.py").path
        let generated = try Self.run(python, [script, "all", "--out", directory.path])
        try #require(generated.status == 0, "rin_phone_metadata.py failed: \(generated.output)")
        for path in [Self.corpusPath, Self.metadataPath] {
            let fresh = try Data(contentsOf: directory.appendingPathComponent(path))
            let committed = try Data(contentsOf: Self.repositoryRoot.appendingPathComponent(path))
            #expect(fresh == committed, "\(path) is not what the script writes: run `\(python) scripts/lib/rin_phone_metadata.py`")
        }
    }

    /// Runs `python` with `arguments`; its output (stdout and stderr, trimmed) is small.
    static func run(_ python: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
