import Fluent
import KindredAPI
import Foundation
import NIOPosix
import SQLKit
import Vapor
import ZIPFoundation

/// Builds one data export: the account's rows as JSON (`DataExportQuery` over every
/// `ExportedTable`: the foundation's in `account.json`, each app's in `<app id>.json`), the original
/// of every file the account uploaded under `media/`, one ZIP, put in the media store. Progress
/// is saved as it goes (for `GET /me/data-export`) and told to the account's devices. Whoever holds the export's lease builds
/// it; a worker that stopped lets another start it over.
struct DataExportWorker: LeasedWork {
    let context: ServiceContext

    static let lease: TimeInterval = 120

    static let noun = "Data export"

    /// One document of the ZIP: a file name and the tables it holds.
    struct Document {
        let name: String
        let tables: [ExportedTable]
    }

    /// The foundation's document, then each app's that declares tables.
    static var documents: [Document] {
        [Document(name: "account.json", tables: ExportedTable.foundation)]
            + KindredApps.all.filter { !$0.exportedTables.isEmpty }.map { Document(name: "\($0.id).json", tables: $0.exportedTables) }
    }

    func perform(_ exportID: UUID) async throws {
        try await build(exportID)
    }

    /// Shown as failed for a day; the person can ask again.
    func failed(_ exportID: UUID) async {
        guard let row = try? await DataExport.find(exportID, on: context.database) else { return }
        row.status = .failed
        row.expiresAt = context.now.addingTimeInterval(DataExport.lifetime)
        row.leaseUntil = nil
        row.leaseToken = nil
        do {
            try await row.save(on: context.database)
        } catch {
            // Still shown as building; housekeeping marks it failed once its lease has lapsed.
            context.logger.error("Data export \(exportID) could not be marked failed: \(error)")
            return
        }
        await publish(row)
    }

    func build(_ exportID: UUID) async throws {
        let token = UUID()
        guard try await claim(exportID, token: token),
              let row = try await DataExport.find(exportID, on: context.database), row.status == .building
        else { return }
        let userID = row.$user.id
        let documents = Self.documents
        let files = try await MediaItem.query(on: context.database).filter(\.$owner.$id == userID).sort(\.$createdAt).all()
        row.done = 0
        row.total = documents.count + files.count
        try await save(row, token: token)
        await publish(row)

        let folder = context.configuration.mediaDirectory + "/" + MediaService.stagingFolder + "/export-" + exportID.uuidString.lowercased()
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let zipPath = folder + "/export.zip"
        let zip = try ZipWriter(path: zipPath)
        try await zip.add("README.txt", data: Data(Self.readme.utf8), compressed: true)

        let sql = try context.database.sql()
        let query = DataExportQuery(database: sql, userID: userID, tables: documents.flatMap(\.tables))
        var lastSaved = ContinuousClock.now
        for document in documents {
            try Task.checkCancellation()
            let json = try await query.document(document.tables)
            try await zip.add(document.name, data: Data(json.utf8), compressed: true)
            row.done += 1
            try await save(row, token: token)
            await publish(row)
            lastSaved = .now
        }
        for item in files {
            try Task.checkCancellation()
            let copy = folder + "/file"
            // A file the store no longer has (swept, or deleted meanwhile) is left out.
            if try await context.services.mediaStore.copy(key: item.storageKey, toFile: copy) {
                try await zip.add("media/" + (try item.publicName()), file: copy)
                try FileManager.default.removeItem(atPath: copy)
            }
            row.done += 1
            // Saved and told at most twice a second: an account may have thousands of photos.
            if ContinuousClock.now - lastSaved > .milliseconds(500) || row.done == row.total {
                try await save(row, token: token)
                await publish(row)
                lastSaved = .now
            }
        }
        zip.close()

        let size = try (FileManager.default.attributesOfItem(atPath: zipPath)[.size] as? NSNumber)?.int64Value ?? 0
        let key = MediaKey.prefix(owner: userID) + "export-" + exportID.uuidString.lowercased() + ".zip"
        try await context.services.mediaStore.put(file: zipPath, key: key)
        row.status = .ready
        row.storageKey = key
        row.byteCount = size
        row.finishedAt = context.now
        row.expiresAt = context.now.addingTimeInterval(DataExport.lifetime)
        do {
            try await save(row, token: token, finishing: true)
        } catch {
            // The account went while the ZIP was stored (or the export was taken over): so does the ZIP.
            do {
                try await context.services.mediaStore.delete(key: key)
            } catch let deleteError {
                context.logger.error("Data export \(exportID)'s unclaimed ZIP could not be deleted: \(deleteError)")
            }
            throw error
        }
        await publish(row)
    }

    /// Takes the export if nobody holds it (or their lease lapsed): one worker of all instances wins.
    func claim(_ exportID: UUID, token: UUID) async throws -> Bool {
        let now = context.now
        try await DataExport.query(on: context.database).filter(\.$id == exportID).filter(\.$status == .building)
            .group(.or) { $0.filter(\.$leaseUntil == nil).filter(\.$leaseUntil < now) }
            .set(\.$leaseUntil, to: now.addingTimeInterval(Self.lease)).set(\.$leaseToken, to: token).update()
        return try await DataExport.query(on: context.database).filter(\.$id == exportID).filter(\.$leaseToken == token).count() == 1
    }

    /// Saves progress (or the finished export) only while this worker holds the lease, and renews
    /// it; a row that is gone (its account deleted) or taken over stops the build.
    private func save(_ row: DataExport, token: UUID, finishing: Bool = false) async throws {
        let sql = try context.database.sql()
        let leaseUntil: Date? = finishing ? nil : context.now.addingTimeInterval(Self.lease)
        let updated = try await sql.raw("""
            UPDATE \(ident: DataExport.schema) SET status = \(bind: row.status.rawValue), done = \(bind: row.done), \
            total = \(bind: row.total), storage_key = \(bind: row.storageKey), byte_count = \(bind: row.byteCount), \
            finished_at = \(bind: row.finishedAt), expires_at = \(bind: row.expiresAt), lease_until = \(bind: leaseUntil) \
            WHERE id = \(bind: try row.requireID()) AND lease_token = \(bind: token) RETURNING id
            """).all()
        guard updated.count == 1 else { throw LeaseLost() }
    }


    private func publish(_ row: DataExport) async {
        guard let event = try? Components.Schemas.RealtimeEvent.dataExportProgressed(row) else { return }
        await context.events.publish(event, to: row.$user.id)
    }

    static let readme = """
        Your data from Kindred
        ======================

        account.json   your account (password left out), sessions, devices, alerts, the files you
                       uploaded (their details), the people you blocked and what you reported.
        <app>.json     each app's rows that are yours: what you made, and what others shared with
                       you there. What only the other person may read (their private note about a
                       connection, how they answered a request of yours) is left out.
        media/         the file you uploaded for each entry of "media" in account.json, named by its id.

        Each JSON file holds {"table": [rows...]}; times are UTC (ISO 8601).
        """
}

/// The ZIP being written. ZIPFoundation writes with blocking file calls, so each entry is added on
/// the thread pool; the archive is only ever used by the one task building the export.
private final class ZipWriter: @unchecked Sendable {
    private var archive: Archive?

    init(path: String) throws {
        archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create, pathEncoding: nil)
    }

    func add(_ name: String, data: Data, compressed: Bool) async throws {
        try await NIOThreadPool.singleton.runIfActive { [self] in
            try archive?.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count),
                                  compressionMethod: compressed ? .deflate : .none) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// A file as it is: photos and videos are compressed already.
    func add(_ name: String, file: String) async throws {
        try await NIOThreadPool.singleton.runIfActive { [self] in
            try archive?.addEntry(with: name, fileURL: URL(fileURLWithPath: file), compressionMethod: .none)
        }
    }

    /// Releases the archive, which closes its file.
    func close() {
        archive = nil
    }
}

/// The exports this instance is building: taken up at start when their worker stopped (a crash,
/// a deploy), stopped between steps at shutdown.
typealias DataExportRunner = LeasedWorkRunner<DataExportWorker>

struct DataExportRunnerKey: StorageKey { typealias Value = DataExportRunner }

extension Application {
    var dataExports: DataExportRunner { configured(DataExportRunnerKey.self) }
}

struct DataExportLifecycle: LifecycleHandler {
    func didBoot(_ application: Application) throws {
        let runner = application.dataExports
        let context = application.context
        Task {
            let now = context.now
            let lapsed = (try? await DataExport.query(on: context.database).filter(\.$status == .building)
                .group(.or) { $0.filter(\.$leaseUntil == nil).filter(\.$leaseUntil < now) }.all(\.$id)) ?? []
            for id in lapsed { runner.start(id, context: context) }
        }
    }

    func shutdownAsync(_ application: Application) async {
        await application.dataExports.stopAll()
    }

    func shutdown(_ application: Application) {}
}
