import Foundation
import KindredAPI
import Vapor

/// What Innovation Engine asks of the foundation.
enum InnovationEngineApp: KindredApp {
    static let id = "innovation-engine"
    static let name = "Innovation Engine"
    static let contractPrefix = "InnovationEngine"

    /// My codes, and my connections with my own note on each (the other side's is theirs).
    static let exportedTables: [ExportedTable] = [
        ExportedTable("innovation_engine_connect_codes", .account("user_id")),
        ExportedTable("innovation_engine_connections",
                      .account("low_user_id").omitting("high_note"), .account("high_user_id").omitting("low_note")),
    ]

    static func readConfiguration(_ reader: inout EnvironmentReader, into sections: inout AppConfigurationSections) {
        sections[InnovationEngineConfiguration.self] = InnovationEngineConfiguration(reading: &reader)
    }

    static func configure(_ app: Application, _ configuration: KindredConfiguration) throws {
        app.innovationEngineCodes = ConnectCodeCache()
        app.innovationEngineLayouts = NetworkLayoutCache()
    }

    static let operations: [String: OperationPolicy] = [
        "getInnovationEngineCodePNG": OperationPolicy(answers: ["image/png", "image/*"]),
    ]

    static func endRelationships(between blockerID: UUID, and blockedID: UUID, in context: ServiceContext) async throws {
        try await ConnectionService.removeConnection(between: blockerID, and: blockedID, in: context)
    }

    static func routes(_ app: Application) throws {
        // A connect link opened by any phone's camera: the web client takes it from there.
        app.get("c", ":id") { request in
            try request.webClientIndex()
        }
    }
}

public struct InnovationEngineConfiguration: AppConfigurationSection {
    /// Connect-code previews and connects one person may make per hour, so codes can't be guessed.
    public var connectAttemptsPerHour: Int

    init(reading reader: inout EnvironmentReader) {
        connectAttemptsPerHour = reader.integer("KINDRED_CONNECT_LIMIT_PER_HOUR", default: 120, range: 1...1_000_000)
    }
}

extension KindredConfiguration {
    public var innovationEngine: InnovationEngineConfiguration {
        get { apps[InnovationEngineConfiguration.self] }
        set { apps[InnovationEngineConfiguration.self] = newValue }
    }
}

extension Application {
    private struct ConnectCodesKey: StorageKey { typealias Value = ConnectCodeCache }

    /// People's current codes, lately read (`ConnectCodeCache`), built once by `configure`.
    var innovationEngineCodes: ConnectCodeCache {
        get { configured(ConnectCodesKey.self) }
        set { storage[ConnectCodesKey.self] = newValue }
    }

    private struct NetworkLayoutsKey: StorageKey { typealias Value = NetworkLayoutCache }

    /// Constellations lately drawn (`NetworkLayoutCache`), built once by `configure`.
    var innovationEngineLayouts: NetworkLayoutCache {
        get { configured(NetworkLayoutsKey.self) }
        set { storage[NetworkLayoutsKey.self] = newValue }
    }
}

extension Components.Schemas.RealtimeEvent {
    static func connectionCreated(_ connection: Components.Schemas.InnovationEngineConnection) -> Self {
        .innovationEngine_connection_created(.init(_type: "innovation-engine.connection.created", connection: connection))
    }

    static func connectionRemoved(_ id: UUID) -> Self {
        .innovationEngine_connection_removed(.init(_type: "innovation-engine.connection.removed", connectionId: id))
    }
}
