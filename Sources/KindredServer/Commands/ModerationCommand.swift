import Fluent
import Vapor

/// `kindred moderation`: the moderators' desk. `list` (the default) prints the open reports;
/// `dismiss`, `hide` and `suspend` resolve one by its id; `unsuspend` lifts a suspension.
enum ModerationCommand {
    static func group() -> any AsyncCommandGroup {
        var commands = AsyncCommands()
        commands.use(ListReports(), as: "list", isDefault: true)
        for resolution in ModerationService.Resolution.allCases {
            commands.use(Resolve(resolution: resolution), as: resolution.rawValue)
        }
        commands.use(Unsuspend(), as: "unsuspend")
        return commands.group(help: "Reads open reports and resolves them: dismiss, hide the content, or suspend the account.")
    }

    struct ListReports: AsyncCommand {
        struct Signature: CommandSignature {
            @Option(name: "limit", help: "How many open reports to show (default 50).")
            var limit: Int?
        }

        var help: String { "Lists open reports, the longest waiting first." }

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.migrateSafely(configuration: app.kindred.configuration)
            let reports = try await ModerationService(context: app.context).openReports(limit: min(max(signature.limit ?? 50, 1), 1000))
            guard !reports.isEmpty else { return context.console.print("No open reports.") }
            for report in reports { context.console.print(Self.describe(report)) }
        }

        static func describe(_ report: Report) -> String {
            let when = report.createdAt.map { ISO8601DateFormatter().string(from: $0) } ?? "?"
            var text = "\(report.id?.uuidString ?? "?")  \(when)  \(report.reason)\n"
                + "  \(report.targetKind) “\(report.targetID)” by @\(report.subject.username), reported by @\(report.reporter.username)"
            if let note = report.note { text += "\n  “\(note)”" }
            return text
        }
    }

    struct Resolve: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "report", help: "The report's id, as `list` prints it.")
            var report: String
        }

        let resolution: ModerationService.Resolution

        var help: String {
            switch resolution {
            case .dismiss: "Closes a report without acting on it."
            case .hide: "Hides the reported content from everyone but its owner, and closes the report."
            case .suspend: "Suspends the reported account (no sign-in; every session ends) and closes the report."
            }
        }

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.migrateSafely(configuration: app.kindred.configuration)
            guard let id = UUID(uuidString: signature.report) else { throw AppError.notFound("report") }
            let report = try await ModerationService(context: app.context).resolve(id, resolution)
            context.console.print("Report \(id.uuidString) is now \(report.status.rawValue).")
        }
    }

    struct Unsuspend: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "username")
            var username: String
        }

        var help: String { "Lifts an account's suspension; the person can sign in again." }

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.migrateSafely(configuration: app.kindred.configuration)
            try await ModerationService(context: app.context).unsuspend(username: signature.username)
            context.console.print("@\(signature.username.lowercased()) can sign in again.")
        }
    }
}
