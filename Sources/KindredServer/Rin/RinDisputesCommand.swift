import Fluent
import Foundation
import Vapor

/// `kindred rin-disputes`: the moderators' side of Rin's disputes (docs/RIN-PART2.md §5). `list`
/// (the default) prints the disputes with the moderators: kept by the other side with a statement,
/// or unanswered for 14 days; `uphold` and `dismiss` decide one by its id. Upholding costs the
/// person the detail was about Trust's moderate penalty; both sides see the decision live.
enum RinDisputesCommand {
    static func group() -> any AsyncCommandGroup {
        var commands = AsyncCommands()
        commands.use(List(), as: "list", isDefault: true)
        commands.use(Decide(upheld: true), as: "uphold")
        commands.use(Decide(upheld: false), as: "dismiss")
        return commands.group(help: "Reads the disputes waiting for a moderator and decides them: uphold or dismiss.")
    }

    struct List: AsyncCommand {
        struct Signature: CommandSignature {
            @Option(name: "limit", help: "How many to show (default 50).")
            var limit: Int?
        }

        var help: String { "Lists the disputes waiting for a moderator, the longest waiting first." }

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.migrateSafely(configuration: app.kindred.configuration)
            let now = app.context.now
            let waiting = try await RinDispute.query(on: app.db)
                .group(.or) {
                    $0.filter(\.$status == .answered)
                        .group(.and) { $0.filter(\.$status == .open).filter(\.$createdAt < now.addingTimeInterval(-RinDisputeService.moderatorsAfter)) }
                }
                .with(\.$claimantUser).with(\.$subjectUser)
                .sort(\.$createdAt).limit(min(max(signature.limit ?? 50, 1), 1000)).all()
            guard !waiting.isEmpty else { return context.console.print("No disputes are waiting for a moderator.") }
            for dispute in waiting { context.console.print(Self.describe(dispute)) }
        }

        static func describe(_ dispute: RinDispute) -> String {
            let when = ISO8601DateFormatter().string(from: dispute.createdAt)
            var text = "\(dispute.id?.uuidString ?? "?")  \(when)  \(dispute.status.rawValue)\n"
                + "  @\(dispute.claimantUser.username) says @\(dispute.subjectUser.username)'s \(dispute.fieldKind) “\(dispute.fieldValue)” is wrong: “\(dispute.statement)”"
            if let response = dispute.response { text += "\n  @\(dispute.subjectUser.username) answers: “\(response)”" }
            return text
        }
    }

    struct Decide: AsyncCommand {
        struct Signature: CommandSignature {
            @Argument(name: "dispute", help: "The dispute's id, as `list` prints it.")
            var dispute: String
        }

        let upheld: Bool

        var help: String {
            upheld ? "Upholds a dispute: the detail was wrong (Trust's moderate penalty for its owner)." : "Dismisses a dispute: the detail stands."
        }

        func run(using context: CommandContext, signature: Signature) async throws {
            let app = context.application
            try await app.migrateSafely(configuration: app.kindred.configuration)
            guard let id = UUID(uuidString: signature.dispute) else { throw AppError.notFound("dispute") }
            let dispute = try await RinDisputeService(context: app.context).decide(id, upheld: upheld)
            context.console.print("Dispute \(id.uuidString) is \(dispute.status.rawValue).")
        }
    }
}
