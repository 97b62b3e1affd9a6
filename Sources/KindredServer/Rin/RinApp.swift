import Fluent
import Foundation
import KindredAPI
import Vapor

/// What Rin asks of the foundation.
enum RinApp: KindredApp {
    static let id = "rin"
    static let name = "Rin"
    static let contractPrefix = "Rin"

    /// My profiles with their fields, circles and policies, my books (contacts, imports as they
    /// came, merges, suggestions, conflicts), asks to me, my own asks without how they were
    /// answered (a denial tells the asker nothing), my share links, blocks, scores and the
    /// disputes I raised. Not the links between people (`rin_links`): they are worked out daily
    /// from books, and one side's holding must not be told to the other.
    static let exportedTables: [ExportedTable] = [
        ExportedTable("rin_settings", .account("user_id")),
        ExportedTable("rin_profiles", .account("user_id")),
        ExportedTable("rin_profile_fields", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_circles", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_policies", .parent("circle_id", in: "rin_circles")),
        ExportedTable("rin_circle_members", .parent("circle_id", in: "rin_circles")),
        ExportedTable("rin_overrides", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_contacts", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_contact_values", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_contact_sources", .parent("contact_id", in: "rin_contacts")),
        ExportedTable("rin_imports", .parent("profile_id", in: "rin_profiles").omitting("lease_token")),
        ExportedTable("rin_raw_records", .parent("import_id", in: "rin_imports")),
        ExportedTable("rin_merges", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_conflicts", .parent("contact_id", in: "rin_contacts")),
        ExportedTable("rin_suggestions", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_asks", .parent("profile_id", in: "rin_profiles"), .account("requester_user_id").omitting("status", "decided_at")),
        ExportedTable("rin_share_links", .parent("profile_id", in: "rin_profiles")),
        ExportedTable("rin_profile_blocks", .account("blocker_id")),
        ExportedTable("rin_scores", .account("user_id")),
        ExportedTable("rin_score_latest", .account("user_id")),
        ExportedTable("rin_disputes", .account("claimant_user_id")),
        ExportedTable("rin_dispute_evidence", .parent("dispute_id", in: "rin_disputes")),
    ]

    static func configure(_ app: Application, _ configuration: KindredConfiguration) throws {
        // Made once here: request handlers only read it (Application's storage is not for
        // concurrent writes).
        app.storage[RinImportRunnerKey.self] = RinImportRunner()
        app.lifecycle.use(RinImportLifecycle())
    }

    static var jobs: [ScheduledJob] { [RinScoreJob.job] }
    static var commands: [String: any AnyAsyncCommand] { ["rin-disputes": RinDisputesCommand.group()] }

    static func routes(_ app: Application) throws {
        // A share link opened by any phone's camera: the web client shows the card.
        app.get("r", ":token") { request in
            try request.webClientIndex()
        }
    }

    static func readConfiguration(_ reader: inout EnvironmentReader, into sections: inout AppConfigurationSections) {
        sections[RinConfiguration.self] = RinConfiguration(reading: &reader)
    }

    /// A whole grid (100 circles by 53 fields) is about 600 kB of JSON.
    static let operations: [String: OperationPolicy] = [
        "updateRinPolicies": .init(bodyLimit: 1 << 20),
        "exportRinContact": .init(answers: ["text/vcard"]),
        "exportRinContacts": .init(answers: ["text/vcard"]),
        "createRinImport": .init(bodyLimit: RinImportService.maxBytes),
    ]

    /// A profile photo is seen by whoever the photo field resolves to Allow for, through any of
    /// the owner's profiles that shows it.
    static func mayView(_ item: MediaItem, viewerID: UUID, on database: any Database) async throws -> Bool {
        let profiles = try await RinProfile.query(on: database).filter(\.$photo.$id == item.requireID()).all()
        guard !profiles.isEmpty else { return false }
        return try await RinVisibility.anyProfileShowsPhoto(profiles, toAccount: viewerID, on: database)
    }

    /// A block declines every pending ask between the two, silently; circles and overrides stay
    /// (filtered at read time), so an unblock restores them.
    static func endRelationships(between blockerID: UUID, and blockedID: UUID, in context: ServiceContext) async throws {
        try await RinAskService.declinePending(between: blockerID, and: blockedID, on: context.database, now: context.now)
    }

    static func seedDemo(_ app: Application, people: [User]) async throws {
        try await RinDemo.seed(app, people: people)
    }

    /// Profile and contact photos stay as long as a profile or a card shows them; a dispute's
    /// photos as long as the dispute.
    static func mediaInUse(_ ids: [UUID], on database: any Database) async throws -> Set<UUID> {
        let profiles = try await RinProfile.query(on: database).filter(\.$photo.$id ~~ ids).all().compactMap(\.$photo.id)
        let contacts = try await RinContact.query(on: database).filter(\.$photo.$id ~~ ids).all().compactMap(\.$photo.id)
        let evidence = try await RinDisputeEvidence.query(on: database).filter(\.$media.$id ~~ ids).all().map(\.$media.id)
        return Set(profiles + contacts + evidence)
    }
}

public struct RinConfiguration: AppConfigurationSection {
    /// The region a person's phone numbers are read in until they choose one.
    public var defaultRegion: String
    /// New asks to see a field one account may make in any 24 hours (repeats do not count).
    public var asksPerDay: Int

    init(reading reader: inout EnvironmentReader) {
        asksPerDay = reader.integer("RIN_ASKS_PER_DAY", default: 20, range: 1...100_000)
        let region = reader.string("RIN_DEFAULT_REGION", default: "US").uppercased()
        if RinRegions.isKnown(region) {
            defaultRegion = region
        } else {
            reader.problems.append("RIN_DEFAULT_REGION must be a region Rin knows the phone numbering of, such as US or GB; it is \"\(region)\".")
            defaultRegion = "US"
        }
    }
}

extension KindredConfiguration {
    public var rin: RinConfiguration {
        get { apps[RinConfiguration.self] }
        set { apps[RinConfiguration.self] = newValue }
    }
}
