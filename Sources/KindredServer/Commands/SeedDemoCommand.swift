import Fluent
import Vapor

/// `kindred seed-demo`: a few demo people with one printed password, so a newcomer has someone
/// to try the apps with. Running it again resets their password; each app adds its own demo data.
struct SeedDemoCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    var help: String { "Creates demo accounts (ada, grace, alan) and prints their password." }

    static let people = [
        ("ada", "Ada Lovelace", "Poet of mathematics."),
        ("grace", "Grace Hopper", "It's easier to ask forgiveness than it is to get permission."),
        ("alan", "Alan Turing", "We can only see a short distance ahead."),
    ]

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        try await app.autoMigrate()
        let password = "demo-" + Digest.randomToken().prefix(10)
        let hash = try await app.password.async.hash(password)
        for (username, name, bio) in Self.people {
            let email = "\(username)@demo.kindred.app"
            let user = try await User.query(on: app.db).filter(\.$username == username).first()
                ?? User(email: email, passwordHash: nil, username: username, displayName: name)
            user.passwordHash = hash
            user.bio = bio
            try await user.save(on: app.db)
            context.console.print("  \(email)")
        }
        context.console.print("Demo password for all of them: \(password)")
    }
}
