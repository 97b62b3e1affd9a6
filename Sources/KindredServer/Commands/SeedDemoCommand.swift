import Fluent
import Vapor

/// `kindred seed-demo`: a few demo people with one printed password, so a newcomer has someone
/// to try the apps with. Running it again resets their password; each app adds its own demo data
/// (`KindredApp.seedDemo`).
struct SeedDemoCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    var help: String { "Creates demo accounts (ada, grace, alan, mary, katherine) and prints their password." }

    static let people = [
        ("ada", "Ada Lovelace", "Poet of mathematics."),
        ("grace", "Grace Hopper", "It's easier to ask forgiveness than it is to get permission."),
        ("alan", "Alan Turing", "We can only see a short distance ahead."),
        // Two more, so that the apps' demo networks reach past the first three.
        ("mary", "Mary Somerville", "On the connexion of the physical sciences."),
        ("katherine", "Katherine Johnson", "Like what you do, and then you will do your best."),
    ]

    func run(using context: CommandContext, signature: Signature) async throws {
        try await context.application.migrateSafely(configuration: context.application.kindred.configuration)
        let seeded = try await Self.seed(on: context.application)
        for email in seeded.emails { context.console.print("  \(email)") }
        context.console.print("Demo password for all of them: \(seeded.password)")
    }

    /// Demo people are found by their demo email, never by username, so a real person who took
    /// the name `ada` is left alone (that demo person is skipped instead).
    static func seed(on app: Application) async throws -> (emails: [String], password: String) {
        let password = "demo-" + Secrets.randomToken().prefix(10)
        let hash = try await app.kindred.passwords.hash(password)
        var people: [User] = []
        for (username, name, bio) in Self.people {
            let email = "\(username)@demo.kindred.app"
            let user: User
            if let demo = try await User.query(on: app.db).filter(\.$email == email).first() {
                user = demo
            } else if try await User.query(on: app.db).filter(\.$username == username).first() == nil {
                user = User(email: email, passwordHash: nil, username: username, displayName: name)
            } else {
                app.logger.warning("Skipped demo person \(username): a real account has that username.")
                continue
            }
            user.passwordHash = hash
            user.bio = bio
            // The operator made these addresses (no mailbox behind them), so they count as proven:
            // what an app does with proven addresses works among the demo people as among real ones.
            user.emailVerifiedAt = user.emailVerifiedAt ?? app.kindred.now
            try await user.save(on: app.db)
            people.append(user)
        }
        for kindredApp in KindredApps.all { try await kindredApp.seedDemo(app, people: people) }
        return (people.compactMap(\.email), password)
    }
}
