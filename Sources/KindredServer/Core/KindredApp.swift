import Fluent
import Foundation
import Vapor

/// Everything one app asks of the foundation, declared once in the app's own folder
/// (`<App>/<App>App.swift`). The foundation reaches the apps only through `KindredApps.all` and
/// never names one, so a new app plugs in without editing it.
protocol KindredApp: Sendable {
    /// The app's id, as in its path prefix, contract tag, tables and realtime events.
    static var id: String { get }

    /// The app's name as people read it, and its tag in the contract.
    static var name: String { get }

    /// What every operationId and schema of the app carries, so the name reads without its tag
    /// and no two apps' names collide (an app called Garden: `listGardenBeds`, `GardenBed`).
    static var contractPrefix: String { get }

    /// Reads the app's section of the configuration with the one reader, so start-up names every
    /// problem, the app's among them, at once.
    static func readConfiguration(_ reader: inout EnvironmentReader, into sections: inout AppConfigurationSections)

    /// Builds the app's services into `app` and registers its lifecycle handlers. Runs inside
    /// `configure`, after the foundation's services exist.
    static func configure(_ app: Application, _ configuration: KindredConfiguration) throws

    /// Runs after every migration, under the same lock: data that ships with the code.
    static func afterMigrate(_ app: Application, on database: any Database) async throws

    /// Policies for the app's operations, by operationId.
    static var operations: [String: OperationPolicy] { get }

    /// Whether `viewerID` may see `item`, which they do not own, because of what this app shares.
    static func mayView(_ item: MediaItem, viewerID: UUID, on database: any Database) async throws -> Bool

    /// Which of `ids` the app uses (in a post, a book): the others, once old enough, are swept.
    static func mediaInUse(_ ids: [UUID], on database: any Database) async throws -> Set<UUID>

    /// Ends every relationship the app keeps between two people because one blocked the other
    /// (and tells their devices). Starting a new one is refused by the app's own `Blocks.between` check.
    static func endRelationships(between blockerID: UUID, and blockedID: UUID, in context: ServiceContext) async throws

    /// Runs as an account is deleted, in the same transaction, before the cascades: removes what
    /// a cascade cannot, such as the person's part of something they share with someone who stays.
    static func removeContent(of userID: UUID, on database: any Database) async throws

    /// The kinds of the app's content people can report, each named `<app id>.<noun>`.
    static var reportableContent: [any ReportableContent.Type] { get }

    /// The app's tables in "Download my data" (`<app id>.json`): which rows are a person's, and
    /// what of them only the other side may read. Every table holding a person's rows is here or
    /// named, with its reason, in `DataExportTests`.
    static var exportedTables: [ExportedTable] { get }

    /// Demo data for `kindred seed-demo`, among the demo people the foundation made.
    static func seedDemo(_ app: Application, people: [User]) async throws

    /// Routes outside the contract, such as a web link a phone's camera opens.
    static func routes(_ app: Application) throws

    /// Work to run once per period across every instance (`JobRunner`), such as a daily job.
    static var jobs: [ScheduledJob] { get }

    /// The kinds of notification the app sends (`ServiceContext.notify`), each named
    /// `<app id>.<what>`, which people can turn off one by one.
    static var notificationKinds: [NotificationKind] { get }

    /// Command-line commands of the app's own (`kindred <name> …`), such as a moderators' desk
    /// for something only this app has.
    static var commands: [String: any AnyAsyncCommand] { get }
}

extension KindredApp {
    static func readConfiguration(_ reader: inout EnvironmentReader, into sections: inout AppConfigurationSections) {}
    static func configure(_ app: Application, _ configuration: KindredConfiguration) throws {}
    static func afterMigrate(_ app: Application, on database: any Database) async throws {}
    static var operations: [String: OperationPolicy] { [:] }
    static func mayView(_ item: MediaItem, viewerID: UUID, on database: any Database) async throws -> Bool { false }
    static func mediaInUse(_ ids: [UUID], on database: any Database) async throws -> Set<UUID> { [] }
    static func endRelationships(between blockerID: UUID, and blockedID: UUID, in context: ServiceContext) async throws {}
    static func removeContent(of userID: UUID, on database: any Database) async throws {}
    static var reportableContent: [any ReportableContent.Type] { [] }
    static var exportedTables: [ExportedTable] { [] }
    static func seedDemo(_ app: Application, people: [User]) async throws {}
    static func routes(_ app: Application) throws {}
    static var jobs: [ScheduledJob] { [] }
    static var notificationKinds: [NotificationKind] { [] }
    static var commands: [String: any AnyAsyncCommand] { [:] }
}

/// How the foundation treats one operation beyond what the contract says.
struct OperationPolicy: Sendable {
    /// Media types the operation answers in besides JSON and problems (checked against `Accept`
    /// before the handler acts).
    var answers: [String] = []
    /// A body limit other than the JSON default.
    var bodyLimit: Int?
    /// Whether a repeated `Idempotency-Key` replays the stored answer. Not for an answer that
    /// streams (it is never stored; the operation dedupes resends its own way) or one that holds
    /// a secret (it would be stored in clear).
    var replaysIdempotently = true
}

/// One app's part of the configuration.
protocol AppConfigurationSection: Sendable {
    /// Reads the section; a missing variable takes its default, a bad one is noted on `reader`.
    init(reading reader: inout EnvironmentReader)
}

/// The apps' configuration sections, by type: `KindredConfiguration.apps`.
public struct AppConfigurationSections: Sendable {
    private var sections: [ObjectIdentifier: any Sendable] = [:]

    subscript<Section: AppConfigurationSection>(_ type: Section.Type) -> Section {
        get {
            if let section = sections[ObjectIdentifier(type)] as? Section { return section }
            var defaults = EnvironmentReader(values: [:])
            return Section(reading: &defaults)
        }
        set { sections[ObjectIdentifier(type)] = newValue }
    }
}

extension KindredApps {
    /// Every app's operation policies, merged: operationIds are unique across the apps.
    static let operations: [String: OperationPolicy] = all.reduce(into: [:]) { merged, app in
        merged.merge(app.operations) { first, _ in first }
    }
}
