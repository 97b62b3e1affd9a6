import Vapor

/// `kindred migrate`: runs pending migrations under the same lock `serve` takes, so running it
/// while instances start is safe. (Reverting is deliberately not offered: migrations only add.)
struct MigrateCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    var help: String { "Runs pending database migrations." }

    func run(using context: CommandContext, signature: Signature) async throws {
        try await context.application.migrateSafely(configuration: context.application.kindred.configuration)
        context.console.print("Migrations are up to date.")
    }
}
