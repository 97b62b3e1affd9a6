import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import SQLKit
import Testing
import Vapor
import VaporTesting
import ZIPFoundation
@testable import KindredServer

/// "Download my data": the ZIP holds the account's rows of every table and the original of every
/// file it uploaded, nothing secret and nothing that is someone else's to tell; it is built in the
/// background with progress, reachable only through its signed link, and gone after a day.
/// `AccountDeletionTests` compares an export of an account that did everything with what deleting
/// that account removes.
@Suite("Download my data")
struct DataExportTests {
    /// Tables no export reads, and why. Every other table is declared (`ExportedTable`).
    static let notExported: [String: String] = [
        "_fluent_migrations": "the schema's history: nobody's data",
        "job_runs": "which instance ran which housekeeping: nobody's data",
        "date_an_intervention_catalogue_versions": "the catalogue that ships with the code",
        "date_an_intervention_interventions": "the catalogue that ships with the code",
        "email_links": "hashes of working links, kept hours to days",
        "refresh_tokens": "hashes of working tokens",
        "realtime_tickets": "hashes of one-minute socket passes",
        "realtime_payloads": "events waiting a few seconds for delivery",
        "push_deliveries": "notices waiting minutes at most for delivery",
        "idempotency_records": "answers kept a day for a retry, whose rows the export holds",
        "rate_limit_hits": "attempt times kept a day against abuse",
        "rin_links": "ties worked out daily from books: one side's holding is not the other's to learn",
    ]

    /// Every table of the database is exported or named above with its reason, so a new table
    /// holding people's rows cannot be forgotten.
    @Test func everyTableIsExportedOrSaysWhyNot() async throws {
        try await withKindred { kindred in
            let sql = try #require(kindred.app.db as? any SQLDatabase)
            let declared = Set((ExportedTable.foundation + KindredApps.all.flatMap { $0.exportedTables }).map(\.table))
            for table in try await Self.tableNames(sql) {
                #expect(declared.contains(table) != (Self.notExported[table] != nil),
                        "\(table) must be either exported (ExportedTable) or in DataExportTests.notExported, not both or neither")
            }
            // Every declaration can be read: its tables and the tables it follows exist.
            let ada = try await kindred.signUp("ada_tables")
            let query = DataExportQuery(database: sql, userID: ada.id, tables: DataExportWorker.documents.flatMap(\.tables))
            for document in DataExportWorker.documents {
                let json = try await query.document(document.tables)
                #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "\(document.name) is JSON")
            }
        }
    }

    @Test func anExportHoldsTheAccountsRowsAndFilesAndNothingThatIsAnothersOrSecret() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada_export")
            let bob = try await kindred.signUp("bob_export")
            #expect(try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["bio": "Counting engines"]).status == .ok)
            let photo = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.photo(megabytes: 2),
                                               headers: ["Content-Type": "application/octet-stream"]).decode(Components.Schemas.Media.self)
            let png = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.png())
                .decode(Components.Schemas.Media.self)
            // Each blocks someone; Bob's block of Ada is his, not hers to learn.
            let carol = try await kindred.signUp("carol_export")
            #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": carol.username]).status == .created)
            #expect(try await kindred.send(.POST, "/blocks", token: bob.accessToken, json: ["username": ada.username]).status == .created)
            // A connection both noted: Ada's note is in, Bob's is not.
            let dave = try await kindred.signUp("dave_export")
            let code = try await kindred.send(.GET, "/innovation-engine/code", token: dave.accessToken)
                .decode(Components.Schemas.InnovationEngineCode.self)
            let connection = try await kindred.send(.POST, "/innovation-engine/connections", token: ada.accessToken,
                                                    json: ["code": code.link, "note": "Ada's own note"]).decode(Components.Schemas.InnovationEngineConnection.self)
            #expect(try await kindred.send(.PATCH, "/innovation-engine/connections/\(connection.id)", token: dave.accessToken,
                                           json: ["note": "Dave's private note"]).status == .ok)

            // The account's device hears the progress as it is made.
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)
            let started = try await kindred.send(.POST, "/me/data-export", token: ada.accessToken, headers: ["Idempotency-Key": UUID().uuidString])
            #expect(started.status == .accepted, "\(started.body.string)")
            let export = try started.decode(Components.Schemas.DataExport.self)
            #expect(export.status == .building && export.url == nil)
            var heard: [Components.Schemas.DataExportProgressedEvent] = []
            while heard.last?.status != .ready {
                if case .dataExport_progressed(let event) = try await socket.next(), event.exportId == export.id { heard.append(event) }
            }
            try await socket.close()
            #expect(heard.first?.status == .building && heard.last?.done == heard.last?.total && heard.last?.total == 8)
            #expect(!socket.frames.joined().contains("/data-exports/"), "the link is not sent over the socket")
            let ready = try await kindred.send(.GET, "/me/data-export", token: ada.accessToken).decode(Components.Schemas.DataExport.self)
            #expect(ready.id == export.id && ready.status == .ready && ready.done == ready.total && ready.total == 8, "six documents and two files: \(ready)")
            let expiresAt = try #require(ready.expiresAt)
            #expect(abs(expiresAt.timeIntervalSince(kindred.clock.now) - 24 * 3600) < 120)

            let (response, files) = try await Self.download(try #require(ready.url), on: kindred)
            #expect(response.headers.first(name: .contentType) == "application/zip")
            #expect(response.headers.first(name: .contentDisposition)?.hasPrefix("attachment;") == true)
            #expect(response.headers.first(name: .cacheControl) == "private, no-store")
            #expect(Int64(response.body.readableBytes) == ready.byteCount)
            #expect(Set(files.keys) == ["README.txt", "account.json", "innovation-engine.json", "date-an-intervention.json", "kinnect.json",
                                        "memories.json", "rin.json", "media/\(photo.id.uuidString.lowercased()).jpg",
                                        "media/\(png.id.uuidString.lowercased()).png"])
            // The originals, byte for byte as the store keeps them.
            for media in [photo, png] {
                let served = try await kindred.app.testing().sendRequest(.GET, media.url)
                let name = "media/\(media.id.uuidString.lowercased()).\(media.url.contains(".png") ? "png" : "jpg")"
                #expect(files[name] == Array(served.body.readableBytesView), "\(name)")
            }

            let account = try Self.tables(files["account.json"])
            let me = try #require(account["users"]?.first)
            #expect(account["users"]?.count == 1)
            #expect(me["username"] as? String == ada.username && me["bio"] as? String == "Counting engines")
            #expect(me["password_hash"] == nil, "no password hash")
            #expect(account["known_devices"]?.allSatisfy { $0["key_hash"] == nil } == true)
            #expect(account["media"]?.count == 2)
            #expect(account["blocks"]?.count == 1 && (account["blocks"]?.first?["blocked_id"] as? String)?.lowercased() == carol.id.uuidString.lowercased())
            #expect(account["sessions"]?.isEmpty == false)
            let engine = try Self.tables(files["innovation-engine.json"])
            let row = try #require(engine["innovation_engine_connections"]?.first)
            #expect(Array(row.values).contains { $0 as? String == "Ada's own note" })
            let everything = files.values.map { String(decoding: $0, as: UTF8.self) }.joined().lowercased()
            #expect(!everything.contains("dave's private note"), "the other side's note is theirs")
            #expect(!everything.contains(bob.id.uuidString.lowercased()), "nothing tells Ada that Bob blocked her")
            #expect(!everything.contains("$2b$") && !everything.contains("$2a$"), "no password hash in any form")
            #expect(String(decoding: try #require(files["README.txt"]), as: UTF8.self).contains("media/"))
        }
    }

    @Test func theLinkIsTheOwnersAloneAndEverythingGoesAfterADay() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada_link")
            let bob = try await kindred.signUp("bob_link")
            _ = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.png())
            #expect(try await kindred.send(.GET, "/me/data-export", token: ada.accessToken).status == .notFound)
            let ready = try await Self.exportReady(ada, on: kindred)
            let url = try #require(ready.url)
            // Someone else sees no export of theirs, and cannot make the link.
            #expect(try await kindred.send(.GET, "/me/data-export", token: bob.accessToken).status == .notFound)
            let tampered = url.replacingOccurrences(of: "signature=", with: "signature=00")
            #expect(try await kindred.app.testing().sendRequest(.GET, tampered).status == .forbidden)
            let otherName = url.replacingOccurrences(of: ready.id.uuidString.lowercased(), with: UUID().uuidString.lowercased())
            #expect(try await kindred.app.testing().sendRequest(.GET, otherName).status == .forbidden)
            // The file lives under the account's prefix in the store.
            let row = try #require(try await DataExport.find(ready.id, on: kindred.app.db))
            let key = try #require(row.storageKey)
            #expect(key.hasPrefix(MediaKey.prefix(owner: ada.id)))
            #expect(FileManager.default.fileExists(atPath: kindred.configuration.mediaDirectory + "/" + key))

            // A day later: not shown, the link refused, and the sweep takes file and row.
            kindred.clock.advance(by: 24 * 3600 + 60)
            let session = try await kindred.send(.POST, "/auth/sign-in", json: ["email": ada.email, "password": ada.password])
                .decode(Components.Schemas.AuthSession.self)
            let afterADay = try await kindred.send(.GET, "/me/data-export", token: session.accessToken)
            #expect(afterADay.status == .notFound, "\(afterADay.body.string)")
            #expect(try await kindred.app.testing().sendRequest(.GET, url).status == .forbidden)
            #expect(try await DataExportService.expire(kindred.app.context) == 1)
            #expect(try await DataExport.find(ready.id, on: kindred.app.db) == nil)
            #expect(!FileManager.default.fileExists(atPath: kindred.configuration.mediaDirectory + "/" + key))
        }
    }

    @Test func askingWhileOneIsBuildingAnswersItAndThreeADayIsTheLimit() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada_limit")
            // One being built by a worker elsewhere (its lease held): asking answers it, starts nothing.
            let building = DataExport(userID: ada.id, at: kindred.clock.now)
            building.leaseUntil = kindred.clock.now.addingTimeInterval(120)
            building.leaseToken = UUID()
            try await building.create(on: kindred.app.db)
            let again = try await kindred.send(.POST, "/me/data-export", token: ada.accessToken)
            #expect(again.status == .ok)
            #expect(try again.decode(Components.Schemas.DataExport.self).id == building.id)
            #expect(try await DataExport.query(on: kindred.app.db).count() == 1)
            try await building.delete(on: kindred.app.db)

            for _ in 0..<3 { _ = try await Self.exportReady(ada, on: kindred) }
            let fourth = try await kindred.send(.POST, "/me/data-export", token: ada.accessToken)
            #expect(fourth.status == .tooManyRequests)
            #expect(fourth.headers.first(name: .retryAfter) != nil)
        }
    }

    /// A worker that stopped mid-build (its lease lapsed) is taken over; one nobody took up for
    /// ten minutes is marked failed, shown as failed for a day, and another can be asked for.
    @Test func aStoppedExportIsTakenOverOrMarkedFailed() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada_stopped")
            let stopped = DataExport(userID: ada.id, at: kindred.clock.now)
            stopped.leaseUntil = kindred.clock.now.addingTimeInterval(-1)
            stopped.leaseToken = UUID()
            try await stopped.create(on: kindred.app.db)
            try await DataExportWorker(context: kindred.app.context).build(try stopped.requireID())
            #expect(try await DataExport.find(stopped.id, on: kindred.app.db)?.status == .ready)

            let abandoned = DataExport(userID: ada.id, at: kindred.clock.now)
            abandoned.leaseUntil = kindred.clock.now.addingTimeInterval(-601)
            abandoned.leaseToken = UUID()
            try await abandoned.create(on: kindred.app.db)
            // Never begun: asked ten minutes ago on an instance that stopped before its worker took it.
            let neverBegun = DataExport(userID: ada.id, at: kindred.clock.now.addingTimeInterval(-601))
            try await neverBegun.create(on: kindred.app.db)
            let fresh = DataExport(userID: ada.id, at: kindred.clock.now)
            try await fresh.create(on: kindred.app.db)
            #expect(try await DataExportService.expire(kindred.app.context) == 2)
            #expect(try await DataExport.find(neverBegun.id, on: kindred.app.db)?.status == .failed)
            #expect(try await DataExport.find(fresh.id, on: kindred.app.db)?.status == .building, "a just-asked export is left to its worker")
            try await fresh.delete(on: kindred.app.db)
            let shown = try await kindred.send(.GET, "/me/data-export", token: ada.accessToken).decode(Components.Schemas.DataExport.self)
            #expect(shown.id == abandoned.id && shown.status == .failed && shown.url == nil)
            #expect(try await kindred.send(.POST, "/me/data-export", token: ada.accessToken).status == .accepted)
        }
    }

    // MARK: - Helpers

    /// Asks for an export and waits until it is ready.
    static func exportReady(_ user: TestUser, on kindred: TestKindred) async throws -> Components.Schemas.DataExport {
        let started = try await kindred.send(.POST, "/me/data-export", token: user.accessToken)
        #expect(started.status == .accepted, "\(started.body.string)")
        let id = try started.decode(Components.Schemas.DataExport.self).id
        let token = user.accessToken
        try await eventually {
            try await kindred.send(.GET, "/me/data-export", token: token).decode(Components.Schemas.DataExport.self).status != .building
        }
        let export = try await kindred.send(.GET, "/me/data-export", token: user.accessToken).decode(Components.Schemas.DataExport.self)
        #expect(export.id == id && export.status == .ready, "\(export)")
        return export
    }

    /// The ZIP at `url`, downloaded as a browser would, and its entries.
    static func download(_ url: String, on kindred: TestKindred) async throws -> (TestingHTTPResponse, [String: [UInt8]]) {
        let response = try await kindred.app.testing().sendRequest(.GET, url)
        #expect(response.status == .ok)
        let archive = try Archive(data: Data(response.body.readableBytesView), accessMode: .read)
        var files: [String: [UInt8]] = [:]
        for entry in archive {
            var bytes: [UInt8] = []
            _ = try archive.extract(entry) { bytes += $0 }
            files[entry.path] = bytes
        }
        return (response, files)
    }

    /// A JSON document of the export: table → rows.
    static func tables(_ bytes: [UInt8]?) throws -> [String: [[String: Any]]] {
        let object = try JSONSerialization.jsonObject(with: Data(try #require(bytes)))
        return try #require(object as? [String: [[String: Any]]])
    }

    /// The ids of every row of every exported table, by table, lowercased.
    static func exportedIDs(_ files: [String: [UInt8]]) throws -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        for (name, bytes) in files where name.hasSuffix(".json") {
            for (table, rows) in try tables(bytes) {
                ids[table, default: []].formUnion(rows.compactMap { ($0["id"] as? String)?.lowercased() })
            }
        }
        return ids
    }

    /// Every row's id of every table, lowercased.
    static func rowIDs(_ sql: any SQLDatabase) async throws -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        for table in try await tableNames(sql) {
            let rows = try await sql.raw("SELECT CAST(id AS TEXT) AS id FROM \(ident: table)").all()
            ids[table] = Set(try rows.map { try $0.decode(column: "id", as: String.self).lowercased() })
        }
        return ids
    }

    /// Rows that mention `userID` but are someone else's: what another person did about them or
    /// keeps for themselves. Deleting the account removes them; exporting it must not tell them.
    static func othersRows(about userID: UUID, in sql: any SQLDatabase) async throws -> [String: Set<String>] {
        let mine = "(SELECT id FROM rin_profiles WHERE user_id = $USER)"
        let queries: [String: String] = [
            "blocks": "SELECT id FROM blocks WHERE blocker_id <> $USER",
            "reports": "SELECT id FROM reports WHERE reporter_id <> $USER",
            "kinnect_saves": "SELECT id FROM kinnect_saves WHERE user_id <> $USER",
            "kinnect_activity": "SELECT id FROM kinnect_activity WHERE recipient_id <> $USER",
            "kinnect_comments": "SELECT id FROM kinnect_comments WHERE author_id <> $USER AND hidden_at IS NOT NULL",
            "memories_activity": "SELECT id FROM memories_activity WHERE recipient_id <> $USER",
            "memories_page_operations": "SELECT id FROM memories_page_operations WHERE author_id <> $USER",
            "rin_circle_members": "SELECT id FROM rin_circle_members WHERE circle_id NOT IN (SELECT id FROM rin_circles WHERE profile_id IN \(mine))",
            "rin_overrides": "SELECT id FROM rin_overrides WHERE profile_id NOT IN \(mine)",
            "rin_disputes": "SELECT id FROM rin_disputes WHERE claimant_user_id <> $USER",
            "rin_dispute_evidence": "SELECT id FROM rin_dispute_evidence WHERE dispute_id IN (SELECT id FROM rin_disputes WHERE claimant_user_id <> $USER)",
            "rin_profile_blocks": "SELECT id FROM rin_profile_blocks WHERE blocker_id <> $USER",
            "rin_asks": "SELECT id FROM rin_asks WHERE requester_user_id <> $USER AND profile_id NOT IN \(mine)",
        ]
        var rows: [String: Set<String>] = [:]
        for (table, text) in queries {
            let parts = text.components(separatedBy: "$USER")
            var query = SQLQueryString(stringLiteral: "SELECT CAST(id AS TEXT) AS id FROM (" + parts[0])
            for part in parts.dropFirst() { query = query + "\(bind: userID)" + SQLQueryString(stringLiteral: part) }
            query = query + ") AS others"
            rows[table] = Set(try await sql.raw(query).all().map { try $0.decode(column: "id", as: String.self).lowercased() })
        }
        return rows
    }

    static func tableNames(_ sql: any SQLDatabase) async throws -> [String] {
        let query: SQLQueryString = sql.dialect.name == "sqlite"
            ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            : "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        return try await sql.raw(query).all().map { try $0.decode(column: "name", as: String.self) }
    }
}
