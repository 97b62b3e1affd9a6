import Foundation
import Testing

/// docs/RIN.md §3, "The rule, enforced": features see RinCore and nothing of each other, the
/// shell is the one place that sees them all, the shared targets stay Foundation-only (so the
/// server and the apps run the same rules), and nothing below the SwiftUI views imports a UI or
/// Apple-only framework (so all of it builds and is tested on Linux).
@Suite("Rin's module rule")
struct RinArchitectureTests {
    static let features: Set<String> = ["RinContacts", "RinCircles", "RinProfiles", "RinOnboarding", "RinSettings", "RinScore",
                                        "RinSecurity"]
    static let shared: Set<String> = ["RinFormats", "RinMatching", "RinPolicy", "RinScoring"]
    static let core = "RinCore"
    static let shell = "RinAppShell"
    /// Tools that read the shared targets (the matching benchmark): no feature, no UI.
    static let tools: Set<String> = ["RinBenchmarks"]
    static let forbiddenEverywhere: Set<String> = ["SwiftUI", "UIKit", "SwiftData", "CoreImage", "AVFoundation", "OSLog"]

    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        // #filePath is relative when compiled outside SwiftPM: then the package root is here.
        if !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        }
        return url
    }()

    struct Import: Hashable {
        let module: String
        let line: Int
    }

    // MARK: - Reading

    /// `import X`, `@testable import X`, `@_exported import X`, `@preconcurrency import X`,
    /// `import struct X.Y`, `import X.Y`: the module is X.
    static let importLine = try! NSRegularExpression(pattern:
        #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#)

    /// The modules a Swift file imports, with their line numbers; block comments are left out
    /// (line comments never match, since an import must start its line).
    static func imports(in source: String) -> [Import] {
        var found: [Import] = []
        var inBlockComment = false
        for (index, rawLine) in source.components(separatedBy: "\n").enumerated() {
            var line = rawLine
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                line = String(line[end.upperBound...])
                inBlockComment = false
            }
            while let start = line.range(of: "/*") {
                if let end = line.range(of: "*/", range: start.upperBound..<line.endIndex) {
                    line.removeSubrange(start.lowerBound..<end.upperBound)
                } else {
                    line = String(line[..<start.lowerBound])
                    inBlockComment = true
                }
            }
            let range = NSRange(line.startIndex..., in: line)
            if let match = importLine.firstMatch(in: line, range: range), let module = Range(match.range(at: 1), in: line) {
                found.append(Import(module: String(line[module]), line: index + 1))
            }
        }
        return found
    }

    /// Why `module` may not be imported by `target`, or nil if it may.
    static func problem(importing module: String, from target: String) -> String? {
        if forbiddenEverywhere.contains(module) { return "\(module) is a UI or Apple-only framework" }
        if module == target { return nil }
        if features.contains(target) {
            if features.contains(module) { return "a feature imports another feature" }
            if module == shell { return "a feature imports the shell" }
        } else if shared.contains(target) {
            // Foundation-only as a whole: a shared target may read another shared target
            // (RinMatching reads RinFormats' cards), never anything else.
            if module != "Foundation" && !shared.contains(module) { return "a shared target imports something other than Foundation" }
        } else if target == core {
            if features.contains(module) || module == shell { return "RinCore imports a feature or the shell" }
        } else if tools.contains(target) {
            if features.contains(module) || module == shell || module == core { return "a tool imports the client" }
        } else if target != shell {
            return "\(target) is not in the rule: add it to RinArchitectureTests"
        }
        return nil
    }

    static func violations(target: String, file: String, source: String) -> [String] {
        imports(in: source).compactMap { found in
            problem(importing: found.module, from: target).map { "\(file):\(found.line): import \(found.module): \($0)" }
        }
    }

    /// Each target in a manifest with the names its `dependencies:` list (targets, products and
    /// `.target(name:)` alike).
    static func dependencies(inManifest manifest: String) -> [String: [String]] {
        let text = manifest.components(separatedBy: "\n")
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            .joined(separator: "\n")
        let opener = try! NSRegularExpression(pattern: #"\.(?:target|executableTarget|testTarget)\s*\("#)
        let name = try! NSRegularExpression(pattern: #"name\s*:\s*"([^"]+)""#)
        let literal = try! NSRegularExpression(pattern: #""([^"]*)""#)
        let characters = Array(text.utf16)
        var result: [String: [String]] = [:]
        var position = 0
        while let match = opener.firstMatch(in: text, range: NSRange(location: position, length: characters.count - position)) {
            // The call runs to its matching parenthesis; a `.target(name:)` inside its
            // dependencies is part of it, not a target of its own.
            var depth = 0
            var end = match.range.location + match.range.length - 1
            repeat {
                if characters[end] == UInt16(UInt8(ascii: "(")) { depth += 1 }
                if characters[end] == UInt16(UInt8(ascii: ")")) { depth -= 1 }
                end += 1
            } while depth > 0 && end < characters.count
            let call = NSRange(location: match.range.location, length: end - match.range.location)
            position = end
            let body = (text as NSString).substring(with: call)
            guard let target = name.firstMatch(in: body, range: NSRange(location: 0, length: (body as NSString).length)) else { continue }
            let targetName = (body as NSString).substring(with: target.range(at: 1))
            var names: [String] = []
            if let list = body.range(of: "dependencies") {
                let rest = String(body[list.upperBound...])
                let bracketed = bracketedList(in: rest)
                names = literal.matches(in: bracketed, range: NSRange(location: 0, length: (bracketed as NSString).length))
                    .map { (bracketed as NSString).substring(with: $0.range(at: 1)) }
            }
            result[targetName] = names
        }
        return result
    }

    /// The first `[ … ]` in `text`, brackets balanced.
    static func bracketedList(in text: String) -> String {
        guard let start = text.firstIndex(of: "[") else { return "" }
        var depth = 0
        var index = start
        while index < text.endIndex {
            if text[index] == "[" { depth += 1 }
            if text[index] == "]" { depth -= 1; if depth == 0 { return String(text[start...index]) } }
            index = text.index(after: index)
        }
        return String(text[start...])
    }

    static func manifestViolations(_ manifest: String) -> [String] {
        dependencies(inManifest: manifest).sorted { $0.key < $1.key }.flatMap { target, names in
            names.compactMap { dependency -> String? in
                let clientModule = features.contains(dependency) || dependency == shell
                if features.contains(target) && clientModule && dependency != target {
                    return "Package.swift: \(target) depends on \(dependency): features depend on RinCore only"
                }
                if (shared.contains(target) || target == core) && (clientModule || (shared.contains(target) && dependency == core)) {
                    return "Package.swift: \(target) depends on \(dependency)"
                }
                return nil
            }
        }
    }

    // MARK: - The tree

    @Test func everyRinTargetKeepsToItsSide() throws {
        let sources = Self.repositoryRoot.appendingPathComponent("Sources")
        let files = FileManager.default
        let targets = try files.contentsOfDirectory(atPath: sources.path).filter { $0.hasPrefix("Rin") }.sorted()
        #expect(Self.features.isSubset(of: targets), "Rin's feature folders were not found under \(sources.path)")
        #expect(Self.shared.isSubset(of: targets))
        #expect(targets.contains(Self.core) && targets.contains(Self.shell))

        var found: [String] = []
        var read = 0
        var imported: Set<String> = []
        for target in targets {
            let folder = sources.appendingPathComponent(target)
            let walker = try #require(files.enumerator(atPath: folder.path))
            for case let file as String in walker where file.hasSuffix(".swift") {
                let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                read += 1
                imported.formUnion(Self.imports(in: source).map(\.module))
                found += Self.violations(target: target, file: "Sources/\(target)/\(file)", source: source)
            }
        }
        #expect(read > 100, "Rin's sources were not found")
        #expect(imported.isSuperset(of: ["Foundation", "RinCore", "Observation"]), "the imports were not read")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func thePackageHasNoFeatureToFeatureDependency() throws {
        let manifest = try String(contentsOf: Self.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let dependencies = Self.dependencies(inManifest: manifest)
        for feature in Self.features {
            #expect(dependencies[feature] != nil, "\(feature) was not found in Package.swift")
        }
        #expect(dependencies[Self.shell].map { Set($0).isSuperset(of: Self.features) } == true, "the shell's dependencies were not read")
        let found = Self.manifestViolations(manifest)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    // MARK: - The check itself

    @Test func theCheckCatchesAPlantedViolation() {
        let planted: [(target: String, source: String)] = [
            ("RinContacts", "import Foundation\nimport RinCircles\n"),
            ("RinSettings", "import Observation\n@testable import RinAppShell\n"),
            ("RinOnboarding", "@_exported import RinCore\n@preconcurrency import RinProfiles\n"),
            ("RinCore", "import KindredSDK\nimport RinContacts\n"),
            ("RinCore", "import SwiftUI\n"),
            ("RinPolicy", "import Foundation\nimport OSLog\n"),
            ("RinFormats", "import struct UIKit.UIImage\n"),
            ("RinMatching", "import Vapor\n"),
            ("RinMatching", "import RinCore\n"),
            ("RinAppShell", "  import CoreImage\n"),
            ("RinProfiles", "/* a note */ import AVFoundation\n"),
            ("RinCircles", "#if canImport(SwiftData)\nimport SwiftData\n#endif\n"),
            ("RinBenchmarks", "import RinContacts\n"),
            ("RinUnlisted", "import Foundation\n"),
        ]
        for (target, source) in planted {
            #expect(Self.violations(target: target, file: "planted.swift", source: source).count == 1, "\(target): \(source)")
        }
        let clean: [(target: String, source: String)] = [
            ("RinPolicy", "import Foundation\n// import SwiftUI\n"),
            ("RinMatching", "import Foundation\nimport RinFormats\n"),
            ("RinContacts", "import Foundation\nimport Observation\n@_exported import RinCore\n"),
            ("RinSettings", "/*\nimport RinContacts\n*/\nlet important = 1\n"),
            ("RinCore", "@_exported import KindredSDK\nimport RinMatching\n"),
            ("RinAppShell", "import RinContacts\nimport RinCircles\nimport RinSettings\n"),
        ]
        for (target, source) in clean {
            #expect(Self.violations(target: target, file: "clean.swift", source: source).isEmpty, "\(target): \(source)")
        }
        #expect(Self.imports(in: "import RinCore\nimport struct Foundation.Date\n").map(\.line) == [1, 2])
    }

    @Test func theManifestCheckCatchesAPlantedDependency() {
        let planted = """
            // .target(name: "RinCircles", dependencies: ["RinContacts"]),
            .target(name: "RinContacts", dependencies: [
                "RinCore",
                .target(name: "RinCircles"),
            ]),
            .target(name: "RinPolicy", dependencies: ["RinSettings"]),
            .target(name: "RinOnboarding", dependencies: ["RinCore", .product(name: "Yams", package: "Yams")]),
            .target(name: "RinAppShell", dependencies: ["RinContacts", "RinCircles", "RinProfiles", "RinOnboarding", "RinSettings"]),
            .executableTarget(name: "RinBenchmarks", dependencies: ["RinFormats", "RinMatching"]),
            .target(name: "RinSettings", dependencies: ["RinAppShell"]),
            """
        let dependencies = Self.dependencies(inManifest: planted)
        #expect(dependencies["RinContacts"] == ["RinCore", "RinCircles"])
        #expect(dependencies["RinCircles"] == nil, "a commented-out target is no target")
        #expect(dependencies["RinOnboarding"] == ["RinCore", "Yams", "Yams"])
        #expect(Self.manifestViolations(planted) == [
            "Package.swift: RinContacts depends on RinCircles: features depend on RinCore only",
            "Package.swift: RinPolicy depends on RinSettings",
            "Package.swift: RinSettings depends on RinAppShell: features depend on RinCore only",
        ])
    }
}
