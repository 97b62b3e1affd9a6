import Foundation
import Testing
@testable import KindredServer
import KindredTestSupport

/// The foundation serves every app without knowing any: an app plugs in through its own folder
/// (`KindredApp`) and one line in `KindredApps.swift`.
@Suite("The foundation and the apps on it")
struct FoundationTests {
    /// Folders and files that belong to no app.
    static let foundation = [
        "Sources/KindredServer/Core", "Sources/KindredServer/Accounts", "Sources/KindredServer/Media",
        "Sources/KindredServer/Realtime", "Sources/KindredServer/Idempotency", "Sources/KindredServer/Controllers",
        "Sources/KindredServer/Commands", "Sources/KindredServer/Front", "Sources/KindredServer/Safety", "Sources/KindredServer/Migrations/MigrationLock.swift",
        "Sources/KindredServer/configure.swift", "Sources/KindredServer/routes.swift", "Sources/KindredServer/Application+Kindred.swift",
    ]

    /// Every spelling of the apps' names, this one's and the ones on their way, and the table
    /// prefix an app once used.
    static let appName = try! NSRegularExpression(pattern:
        #"(?i:innovation[ _-]?engine|date[ _-]?an[ _-]?intervention|kinnect|memories)|\bRin\b|\bdai_"#)

    static func files(under path: String) -> [String] {
        let root = TestKindred.repositoryRoot + "/" + path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [root] }
        let files = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { root + "/" + $0 }
        return files.isEmpty ? [root] : files
    }

    /// The web client's shell: every module beside the apps' folders, its pages, the page and its
    /// stylesheet. `apps.js` is the registry, the one place the web names the apps.
    static func webShell() throws -> [String] {
        let files = FileManager.default
        let modules = try files.contentsOfDirectory(atPath: TestKindred.repositoryRoot + "/Public/js")
            .filter { $0.hasSuffix(".js") && $0 != "apps.js" }.map { "Public/js/" + $0 }
        let pages = try files.contentsOfDirectory(atPath: TestKindred.repositoryRoot + "/Public/js/pages").map { "Public/js/pages/" + $0 }
        return modules + pages + ["Public/index.html", "Public/css/kindred.css"]
    }

    @Test func theFoundationNeverNamesAnApp() throws {
        var found: [String] = []
        var read = 0
        let web = try Self.webShell()
        #expect(web.count > 20, "the web shell's files were not found")
        for path in Self.foundation + web {
            for file in Self.files(under: path) {
                let text = try String(contentsOfFile: file, encoding: .utf8)
                read += 1
                for (number, line) in text.components(separatedBy: "\n").enumerated()
                where Self.appName.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(file.dropFirst(TestKindred.repositoryRoot.count + 1)):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(read > 70, "the foundation's files were not found")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test func theCheckCatchesAnAppName() {
        for line in ["let llm = DateAnInterventionServices()", "// Innovation Engine's codes", "CREATE TABLE dai_swipes", "Rin's circles"] {
            #expect(Self.appName.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil, "\(line)")
        }
        for line in ["let string = String()", "// a printed page", "let daily = 1"] {
            #expect(Self.appName.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) == nil, "\(line)")
        }
    }

    @Test func everyAppHasAUniqueIDAndOperationsTheContractKnows() throws {
        let ids = KindredApps.all.map { $0.id }
        #expect(Set(ids).count == ids.count)
        let contract = try Contract.bundled()
        for app in KindredApps.all {
            #expect(contract.methodsByPath.keys.contains { $0.hasPrefix("/\(app.id)/") }, "no paths under /\(app.id)/")
            for operationID in app.operations.keys {
                #expect(contract.operations[operationID] != nil, "\(app.id) sets a policy for \(operationID), which the contract lacks")
            }
        }
    }

    @Test func aRequestPathFindsItsOperationAndItsPolicy() throws {
        let contract = try Contract.bundled()
        let id = UUID().uuidString
        #expect(contract.operation(method: "POST", path: "/api/v1/media")?.id == "uploadMedia")
        #expect(contract.operation(method: "DELETE", path: "/api/v1/media/\(id)")?.id == "deleteMedia")
        #expect(contract.operation(method: "GET", path: "/api/v1/innovation-engine/code.png")?.id == "getInnovationEngineCodePNG")
        #expect(contract.operation(method: "POST", path: "/api/v1/date-an-intervention/chats/biochar/messages")?.id == "sendInterventionChatMessage")
        #expect(contract.operation(method: "POST", path: "/api/v1/media/\(id)/extra") == nil)
        #expect(contract.operation(method: "POST", path: "/c/abc") == nil)
        // Streams and secrets are never stored for replay; everything else is.
        #expect(!IdempotencyMiddleware.replays("sendInterventionChatMessage") && !IdempotencyMiddleware.replays("retryInterventionChatReply"))
        #expect(!IdempotencyMiddleware.replays("createRealtimeTicket"))
        #expect(IdempotencyMiddleware.replays("uploadMedia") && IdempotencyMiddleware.replays("createInnovationEngineConnection"))
    }

    @Test func anAppsConfigurationIsReadWithEveryoneElses() {
        // Problems in two apps' sections and the foundation's are reported together.
        #expect(throws: KindredConfiguration.Invalid.self) {
            _ = try KindredConfiguration.fromEnvironment(["KINDRED_LLM_PROVIDER": "nobody", "KINDRED_CONNECT_LIMIT_PER_HOUR": "0",
                                                         "KINDRED_PORT": "0"], isProduction: false)
        }
        do {
            _ = try KindredConfiguration.fromEnvironment(["KINDRED_LLM_PROVIDER": "nobody", "KINDRED_CONNECT_LIMIT_PER_HOUR": "0",
                                                         "KINDRED_PORT": "0"], isProduction: false)
        } catch let invalid as KindredConfiguration.Invalid {
            #expect(invalid.problems.count == 3, "\(invalid.problems)")
        } catch {
            Issue.record(error)
        }
        let configured = try? KindredConfiguration.fromEnvironment(["KINDRED_CHAT_LIMIT_PER_MINUTE": "7", "KINDRED_CONNECT_LIMIT_PER_HOUR": "9"],
                                                                  isProduction: false)
        #expect(configured?.dateAnIntervention.chatMessagesPerMinute == 7)
        #expect(configured?.innovationEngine.connectAttemptsPerHour == 9)
    }

    @Test func aDevelopmentSecretIsMadeOnceAndABrokenOneIsNeverReplaced() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-secret-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let made = try DevelopmentSecret.loadOrCreate(in: directory)
        #expect(made.count == 32)
        #expect(try DevelopmentSecret.loadOrCreate(in: directory) == made, "the same secret after a restart")

        // A damaged file: refused with a configuration error, and left as it was.
        try Data("not hex".utf8).write(to: URL(fileURLWithPath: directory + "/secret"))
        #expect(throws: KindredConfiguration.Invalid.self) { try DevelopmentSecret.loadOrCreate(in: directory) }
        #expect(try String(contentsOfFile: directory + "/secret", encoding: .utf8) == "not hex")
    }
}
