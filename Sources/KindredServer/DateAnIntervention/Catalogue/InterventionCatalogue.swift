import Fluent
import Foundation
import NIOConcurrencyHelpers

/// The catalogue as the database holds it, in catalogue order, retired entries included (matches
/// and chats may still name them).
struct InterventionCatalogue: Sendable {
    let version: Int
    let all: [InterventionProfile]
    let retired: Set<String>
    private let byID: [String: InterventionProfile]

    init(version: Int, all: [InterventionProfile], retired: Set<String>) {
        self.version = version
        self.all = all
        self.retired = retired
        byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What decks and the catalogue list show.
    var active: [InterventionProfile] { all.filter { !retired.contains($0.id) } }

    func profile(_ id: String) -> InterventionProfile? { byID[id] }

    func activeProfile(_ id: String) -> InterventionProfile? {
        retired.contains(id) ? nil : byID[id]
    }

    static func load(on database: any Database) async throws -> InterventionCatalogue {
        let rows = try await InterventionRecord.query(on: database).sort(\.$position).all()
        let version = try await InterventionCatalogueVersion.find(InterventionCatalogueVersion.interventions, on: database)?.version ?? 0
        return InterventionCatalogue(
            version: version,
            all: try rows.map { try $0.decoded() },
            retired: Set(rows.filter(\.retired).compactMap(\.id)))
    }
}

/// Keeps the catalogue in memory: it changes only when a migration loads a new file version, so
/// reading it once per process saves a query on every deck and chat request.
final class InterventionCatalogueCache: Sendable {
    private let cached = NIOLockedValueBox<InterventionCatalogue?>(nil)

    func catalogue(on database: any Database) async throws -> InterventionCatalogue {
        if let catalogue = cached.withLockedValue({ $0 }) { return catalogue }
        let catalogue = try await InterventionCatalogue.load(on: database)
        cached.withLockedValue { $0 = catalogue }
        return catalogue
    }

    func invalidate() {
        cached.withLockedValue { $0 = nil }
    }
}

/// Brings the database's catalogue up to the bundled file. Runs with every migration, under the
/// same lock. A newer version rewrites the rows in place (ids are stable), so swipes and chats,
/// which refer to ids, are untouched; entries the file dropped are retired, not deleted.
enum CatalogueLoader {
    /// - Parameter checked: the file was checked already (`InterventionCatalogueFile.bundled()`
    ///   checks the shipped file once per process).
    @discardableResult
    static func sync(_ file: InterventionCatalogueFile, checked: Bool = false, on database: any Database) async throws -> Bool {
        if !checked { try file.check() }
        return try await database.writeTransaction { database in
            let stored = try await InterventionCatalogueVersion.find(InterventionCatalogueVersion.interventions, on: database)
            if let stored, stored.version >= file.version { return false }
            let existing = try await InterventionRecord.query(on: database).all()
            var rows = Dictionary(existing.compactMap { row in row.id.map { ($0, row) } }, uniquingKeysWith: { first, _ in first })
            for (position, item) in file.interventions.enumerated() {
                if let row = rows.removeValue(forKey: item.id) {
                    try row.update(from: item, position: position)
                    try await row.save(on: database)
                } else {
                    try await InterventionRecord(item, position: position).create(on: database)
                }
            }
            for row in rows.values where !row.retired {
                row.retired = true
                try await row.save(on: database)
            }
            if let stored {
                stored.version = file.version
                try await stored.save(on: database)
            } else {
                try await InterventionCatalogueVersion(id: InterventionCatalogueVersion.interventions, version: file.version).create(on: database)
            }
            return true
        }
    }
}
