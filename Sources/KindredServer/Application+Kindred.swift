import Fluent
import Foundation
import Vapor

extension Application {
    /// Everything `kindred` does before running a command: read the configuration (naming every
    /// problem at once), configure, register commands, and migrate before serving.
    public static func kindred(arguments: [String] = CommandLine.arguments) async throws -> Application {
        // The database, its journal files and every upload are the account holders' data: nobody
        // but the server's own user may read them.
        umask(0o077)
        var environment = try Environment.detect(arguments: arguments)
        try LoggingSystem.bootstrap(from: &environment)
        let app = try await Application.make(environment)
        do {
            var configuration = try KindredConfiguration.fromEnvironment(isProduction: environment == .production)
            if configuration.secret.isEmpty {
                configuration.secret = try DevelopmentSecret.loadOrCreate(in: configuration.dataDirectory)
            }
            // Vapor boots the application for every command, and booting starts the job runner:
            // `kindred migrate` or `kindred jobs run` would also run whatever job was due, alongside
            // the command. Only a serving instance offers to run jobs.
            configuration.runsJobs = configuration.runsJobs && Self.willServe(arguments: environment.arguments)
            try await configure(app, configuration)
            app.asyncCommands.use(SeedDemoCommand(), as: "seed-demo")
            // Replaces Fluent's own `migrate`, so every path takes the same lock.
            app.asyncCommands.use(MigrateCommand(), as: "migrate")
            app.asyncCommands.use(ModerationCommand.group(), as: "moderation")
            app.asyncCommands.use(JobsCommand.group(), as: "jobs")
            for kindredApp in KindredApps.all {
                for (name, command) in kindredApp.commands.sorted(by: { $0.key < $1.key }) { app.asyncCommands.use(command, as: name) }
            }
            if Self.willServe(arguments: environment.arguments) {
                try await app.migrateSafely(configuration: configuration)
            }
            return app
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}

extension Application {
    /// `kindred`, `kindred serve …` and `kindred --port …` serve; `--help` and other commands do not.
    static func willServe(arguments: [String]) -> Bool {
        guard let first = arguments.dropFirst().first else { return true }
        if first == "serve" { return !arguments.contains("--help") && !arguments.contains("-h") }
        return first.hasPrefix("-") && first != "--help" && first != "-h"
    }
}

/// For `swift run kindred` with no configuration: a random secret made once and kept under the
/// data directory (readable only by its owner), so tokens and media URLs survive a restart.
enum DevelopmentSecret {
    static func loadOrCreate(in directory: String) throws -> [UInt8] {
        let path = directory + "/secret"
        // One that exists but can't be read or parsed is an error, not a reason to make another:
        // a new secret would sign everyone out and orphan every signed media URL without a word.
        if FileManager.default.fileExists(atPath: path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8),
                  let bytes = [UInt8](hexString: text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes.count >= 32
            else {
                throw KindredConfiguration.Invalid(problems: [
                    "\(path) is not a readable development secret (64 or more hex characters); fix or delete it, or set KINDRED_SECRET."])
            }
            return bytes
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes.hexString.utf8), attributes: [.posixPermissions: 0o600]) else {
            throw KindredConfiguration.Invalid(problems: ["Could not write a development secret to \(path); set KINDRED_SECRET or make the data directory writable."])
        }
        return bytes
    }
}
