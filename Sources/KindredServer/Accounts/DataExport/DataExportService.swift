import Fluent
import Foundation
import KindredAPI

/// "Download my data": asking for an export and seeing where it is. The building is
/// `DataExportWorker`'s, in the background.
struct DataExportService {
    let context: ServiceContext

    /// An export reads every table an account has rows in and copies every file: three a day.
    static let limit = RateLimiter.Limit(count: 3, window: 24 * 3600)

    /// The export to show: one being built, or a finished one whose day is not over.
    func latest(of userID: UUID) async throws -> DataExport {
        let now = context.now
        guard let row = try await DataExport.query(on: context.database).filter(\.$user.$id == userID)
            .group(.or, { $0.filter(\.$status == .building).filter(\.$expiresAt > now) })
            .sort(\.$createdAt, .descending).first()
        else { throw AppError.notFound("data export") }
        return row
    }

    /// Starts an export, or answers the one being built (`isNew` false).
    func request(by userID: UUID) async throws -> (export: DataExport, isNew: Bool) {
        if let building = try await DataExport.query(on: context.database).filter(\.$user.$id == userID)
            .filter(\.$status == .building).first() {
            return (building, false)
        }
        try await RateLimiter(database: context.database, now: context.now)
            .hit("data-export.account:\(userID.uuidString.lowercased())", userID: userID, limit: Self.limit)
        let row = DataExport(userID: userID, at: context.now)
        try await row.create(on: context.database)
        return (row, true)
    }

    /// What clients see; a ready export carries its signed link, good until the export goes.
    func dto(_ row: DataExport) throws -> Components.Schemas.DataExport {
        let id = try row.requireID()
        let ready = row.status == .ready
        return .init(
            id: id,
            status: .init(rawValue: row.status.rawValue) ?? .failed,
            done: row.done,
            total: row.total,
            createdAt: row.createdAt,
            expiresAt: ready ? row.expiresAt : nil,
            byteCount: ready ? row.byteCount : nil,
            url: ready ? row.expiresAt.map { context.services.exportURLs.url(for: Self.publicName(of: id), expiresAt: $0) } : nil)
    }

    /// The ZIP's name in its link: the export's id, never the account's.
    static func publicName(of id: UUID) -> String { id.uuidString.lowercased() + ".zip" }

    /// Finished exports whose day is over go, file and row; one whose worker stopped and nobody
    /// took up for ten minutes is marked failed (the person can ask again).
    @discardableResult
    static func expire(_ context: ServiceContext) async throws -> Int {
        let now = context.now
        let expired = try await DataExport.query(on: context.database).filter(\.$expiresAt < now).limit(Housekeeping.batch).all()
        for row in expired {
            if let key = row.storageKey { try await context.services.mediaStore.delete(key: key) }
            try await row.delete(on: context.database)
        }
        // A lease that lapsed ten minutes ago, or none taken ten minutes after asking (the
        // instance that answered stopped before its worker began).
        let stale = now.addingTimeInterval(-600)
        let abandoned = try await DataExport.query(on: context.database).filter(\.$status == .building)
            .group(.or) { either in
                either.filter(\.$leaseUntil < stale)
                    .group(.and) { $0.filter(\.$leaseUntil == nil).filter(\.$createdAt < stale) }
            }.all()
        for row in abandoned {
            row.status = .failed
            row.expiresAt = now.addingTimeInterval(DataExport.lifetime)
            row.leaseUntil = nil
            row.leaseToken = nil
            try await row.save(on: context.database)
            await context.events.publish(try .dataExportProgressed(row), to: row.$user.id)
        }
        return expired.count + abandoned.count
    }
}

extension Components.Schemas.RealtimeEvent {
    /// Where an export is, for the account's devices (the link itself only comes from `GET`).
    static func dataExportProgressed(_ export: DataExport) throws -> Self {
        .dataExport_progressed(.init(_type: "data-export.progressed", exportId: try export.requireID(),
                                     status: .init(rawValue: export.status.rawValue) ?? .failed,
                                     done: export.done, total: export.total))
    }
}
