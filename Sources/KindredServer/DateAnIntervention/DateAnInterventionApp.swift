import Fluent
import Foundation
import Vapor

/// What Date An Intervention asks of the foundation.
enum DateAnInterventionApp: KindredApp {
    static let id = "date-an-intervention"
    static let name = "Date An Intervention"
    static let contractPrefix = "Intervention"

    /// My swipes and my chats, the interventions' replies included.
    static let exportedTables: [ExportedTable] = [
        ExportedTable("date_an_intervention_swipes", .account("user_id")),
        ExportedTable("date_an_intervention_conversations", .account("user_id")),
        ExportedTable("date_an_intervention_messages", .account("user_id"), .parent("conversation_id", in: "date_an_intervention_conversations")),
    ]

    static func readConfiguration(_ reader: inout EnvironmentReader, into sections: inout AppConfigurationSections) {
        sections[DateAnInterventionConfiguration.self] = DateAnInterventionConfiguration(reading: &reader)
    }

    static func configure(_ app: Application, _ configuration: KindredConfiguration) throws {
        let llm = configuration.dateAnIntervention.llm
        let client = llm.provider == .offline ? nil : LLMHTTPClient.make(timeout: llm.timeout, eventLoopGroup: app.eventLoopGroup)
        app.dateAnIntervention = DateAnInterventionServices(
            interventions: InterventionCatalogueCache(),
            llm: client.map { llm.makeProvider(client: $0, logger: app.logger) } ?? OfflineProvider()
        )
        if let client { app.lifecycle.use(LLMClientLifecycle(client: client)) }
    }

    /// The catalogue ships with the code: a newer version in the bundle replaces the stored one.
    static func afterMigrate(_ app: Application, on database: any Database) async throws {
        if try await CatalogueLoader.sync(try InterventionCatalogueFile.bundled(), checked: true, on: database) {
            app.logger.info("Loaded Date An Intervention's catalogue.")
        }
        app.dateAnIntervention.interventions.invalidate()
    }

    static let operations: [String: OperationPolicy] = [
        // A reply streams; a resent message is recognised by its `clientMessageId` instead.
        "sendInterventionChatMessage": OperationPolicy(answers: ["text/event-stream", "text/*"], replaysIdempotently: false),
        "retryInterventionChatReply": OperationPolicy(answers: ["text/event-stream", "text/*"], replaysIdempotently: false),
    ]
}

public struct DateAnInterventionConfiguration: AppConfigurationSection {
    /// The language model the characters speak through.
    public var llm: LLMConfiguration
    /// Chat messages (each a language-model call) one person may send per minute.
    public var chatMessagesPerMinute: Int

    init(reading reader: inout EnvironmentReader) {
        llm = LLMConfiguration.read(&reader)
        chatMessagesPerMinute = reader.integer("KINDRED_CHAT_LIMIT_PER_MINUTE", default: 20, range: 1...10_000)
    }
}

extension KindredConfiguration {
    public var dateAnIntervention: DateAnInterventionConfiguration {
        get { apps[DateAnInterventionConfiguration.self] }
        set { apps[DateAnInterventionConfiguration.self] = newValue }
    }
}

/// The app's own services, built once by `configure`.
struct DateAnInterventionServices: Sendable {
    /// The catalogue, read once per process.
    let interventions: InterventionCatalogueCache
    /// Who answers chats.
    let llm: any LLMProvider
}

extension Application {
    private struct DateAnInterventionKey: StorageKey { typealias Value = DateAnInterventionServices }

    var dateAnIntervention: DateAnInterventionServices {
        get { configured(DateAnInterventionKey.self) }
        set { storage[DateAnInterventionKey.self] = newValue }
    }
}

extension Request {
    var dateAnIntervention: DateAnInterventionServices { application.dateAnIntervention }
}

/// Closes the language-model client's connections on shutdown.
private struct LLMClientLifecycle: LifecycleHandler {
    let client: LLMHTTPClient

    func shutdownAsync(_ application: Application) async {
        do { try await client.shutdown() } catch {
            application.logger.warning("The language-model HTTP client did not shut down cleanly: \(error)")
        }
    }
}
