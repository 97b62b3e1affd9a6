import Crypto
import Fluent
import Foundation
import KindredAPI
import SQLKit
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

@Suite("Deleting an account leaves nothing of the user behind")
struct AccountDeletionTests {
    @Test func nothingOfADeletedUserRemains() async throws {
        try await withKindred { kindred in
            let sql = try #require(kindred.app.db as? any SQLDatabase)

            // setup: a user who stays, with data of every kind, and a snapshot of every table
            let survivor = try await kindred.signUp("survivor")
            let survivorAvatar = try await Self.upload(MediaFixtures.png(), by: survivor, on: kindred)
            let survivorUpdate = try await kindred.send(.PATCH, "/me", token: survivor.accessToken,
                                                        json: ["avatarId": survivorAvatar.id.uuidString, "bio": "Staying"])
            #expect(survivorUpdate.status == .ok)
            _ = try await Self.upload(MediaFixtures.jpeg(), by: survivor, on: kindred, idempotencyKey: "keep-1")
            #expect(try await Self.failSignIn(survivor.email, on: kindred).status == .unauthorized)
            let survivorCode = try await kindred.send(.GET, "/innovation-engine/code", token: survivor.accessToken)
                .decode(Components.Schemas.InnovationEngineCode.self)
            let survivorRin = try await kindred.rinPrimary(survivor)
            let survivorFriends = try await kindred.rinCircle(survivor, survivorRin, .friends)
            let survivorBirthday = try await kindred.rinField(survivor, survivorRin, "birthday", nil, "1970-01-01")
            let survivorPublic = try await kindred.rinCircle(survivor, survivorRin, ._public)
            #expect(try await kindred.rinSetCells(survivor, survivorRin, [(survivorPublic.id, survivorBirthday.key, "ask")]).status == .ok)
            // The day's Rin Score run has scored the survivor (run again below, the same day, it
            // replaces their rows rather than adding to them).
            try await RinScoreJob.run(kindred.app.context)
            let survivorFiles = Set(try await MediaItem.query(on: kindred.app.db).all().map(\.storageKey))
            _ = try await kindred.signUp("blocked_bert")
            let snapshot = try await Self.rowCounts(sql)

            // setup: the user who leaves does everything there is to do
            let doomed = try await kindred.signUp("doomed_dora")
            let profile = try await kindred.send(.PATCH, "/me", token: doomed.accessToken,
                                                 json: ["displayName": "Dora Doomed", "bio": "Here today"])
            #expect(profile.status == .ok)
            let photo = try await Self.upload(MediaFixtures.jpeg(), by: doomed, on: kindred)
            let picture = try await Self.upload(MediaFixtures.png(), by: doomed, on: kindred, idempotencyKey: "dora-1")
            let replay = try await kindred.send(.POST, "/media", token: doomed.accessToken, bytes: MediaFixtures.png(),
                                                headers: ["Idempotency-Key": "dora-1"])
            #expect(replay.headers.first(name: "Idempotent-Replayed") == "true")
            let avatar = try await kindred.send(.PATCH, "/me", token: doomed.accessToken, json: ["avatarId": photo.id.uuidString])
            #expect(avatar.status == .ok)
            #expect(try await kindred.send(.GET, "/media/\(photo.id)", token: survivor.accessToken).status == .ok)
            let rotated = try await Self.session(kindred.send(.POST, "/auth/refresh", json: ["refreshToken": doomed.refreshToken]))
            let second = try await Self.session(kindred.send(.POST, "/auth/sign-in", json: [
                "email": doomed.email, "password": doomed.password, "device": "Dora's tablet",
            ]))
            #expect(second.sessionId != doomed.sessionID)
            #expect(try await Self.failSignIn(doomed.email, on: kindred).status == .unauthorized)
            // E-mailed links: sign-up's verification link, a reset link, and their limits' counts.
            #expect(try await kindred.send(.POST, "/auth/password-reset", json: ["email": doomed.email]).status == .accepted)
            #expect(try await kindred.send(.POST, "/me/email-verification", token: second.accessToken).status == .accepted)
            #expect(try await EmailLink.query(on: kindred.app.db).filter(\.$user.$id == doomed.id).count() == 3)
            let ticket = try await kindred.send(.POST, "/realtime/tickets", token: second.accessToken)
            #expect(ticket.status == .created)
            // Innovation Engine: she shows her own code, and scans the survivor's, with a note of her own.
            #expect(try await kindred.send(.GET, "/innovation-engine/code", token: second.accessToken).status == .ok)
            let connected = try await kindred.send(.POST, "/innovation-engine/connections", token: second.accessToken,
                                                   json: ["code": survivorCode.link, "note": "Met Dora at the fair"])
            #expect(connected.status == .created)
            // Realtime: an event too large for PostgreSQL's NOTIFY waits for her in a table.
            try await RealtimePayload(userID: doomed.id, payload: "{}", at: kindred.clock.now).create(on: kindred.app.db)
            // Push: her phone's browser is subscribed, likes are off, and a notice waits to be sent.
            let pushed = try await kindred.send(.PUT, "/me/push-device", token: second.accessToken, json: [
                "webPush": AnyEncodable(["endpoint": AnyEncodable("https://fcm.googleapis.com/fcm/send/dora"), "keys": AnyEncodable([
                    "p256dh": Secrets.base64URL(P256.KeyAgreement.PrivateKey().publicKey.x963Representation),
                    "auth": Secrets.base64URL(Secrets.randomBytes(16)),
                ])]),
            ])
            #expect(pushed.status == .ok, "\(pushed.body.string)")
            #expect(try await kindred.send(.PATCH, "/me/notifications", token: second.accessToken, json: [
                "kinds": [AnyEncodable(["kind": AnyEncodable("kinnect.likes"), "enabled": AnyEncodable(false)])],
            ]).status == .ok)
            await kindred.app.context.notify(doomed.id, MemoriesNotifications.letterArrived(
                from: try await ProfileService.user(survivor.id, on: kindred.app.db), in: UUID()))
            #expect(try await PushDeliveryRow.query(on: kindred.app.db).count() == 1)
            // Date An Intervention: she swipes, matches and chats (which also counts against her rate limit).
            for (id, direction) in [("biochar", "like"), ("cool-roofs", "pass")] {
                let swiped = try await kindred.send(.POST, "/date-an-intervention/swipes", token: second.accessToken,
                                                    json: ["interventionId": id, "direction": direction])
                #expect(swiped.status == .created)
            }
            let chatted = try await kindred.send(.POST, "/date-an-intervention/chats/biochar/messages", token: second.accessToken,
                                                 json: ["text": "Dora here: how permanent are you?", "clientMessageId": "dora-chat-1"])
            #expect(chatted.body.string.contains("event: reply"))

            // Kinnect: she asks to follow the survivor.
            #expect(try await kindred.send(.POST, "/kinnect/follows", token: second.accessToken, json: ["username": "survivor"]).status == .created)
            // Kinnect: she posts a photo (two renditions of her own).
            let display = try await Self.upload(MediaFixtures.png(width: 40, height: 30), by: doomed, on: kindred)
            let thumbnail = try await Self.upload(MediaFixtures.png(width: 20, height: 15), by: doomed, on: kindred)
            let draft = #"{"caption":"Gone soon","media":[{"display":"\#(display.id)","thumbnail":"\#(thumbnail.id)"}]}"#
            let posted = try await kindred.send(.POST, "/kinnect/posts", token: second.accessToken, bytes: Array(draft.utf8),
                                                headers: ["Content-Type": "application/json"])
            #expect(posted.status == .created, "\(posted.body.string)")
            // …and likes and comments on it.
            let postID = try posted.decode(Components.Schemas.KinnectPost.self).id
            #expect(try await kindred.send(.PUT, "/kinnect/posts/\(postID)/like", token: second.accessToken).status == .ok)
            #expect(try await kindred.send(.PUT, "/kinnect/posts/\(postID)/save", token: second.accessToken).status == .noContent)
            #expect(try await kindred.send(.POST, "/kinnect/posts/\(postID)/comments", token: second.accessToken, json: ["text": "First!"]).status == .created)
            // Kinnect: she reads her activity (her request is the survivor's).
            #expect(try await kindred.send(.POST, "/kinnect/activity/read", token: second.accessToken, json: ["through": Date()]).status == .ok)
            // Safety: she blocks someone else and reports the survivor.
            #expect(try await kindred.send(.POST, "/blocks", token: second.accessToken, json: ["username": "blocked_bert"]).status == .created)
            let reported = try await kindred.send(.POST, "/reports", token: second.accessToken,
                                                  bytes: Array(#"{"target":{"kind":"profile","id":"survivor"},"reason":"spam"}"#.utf8),
                                                  headers: ["Content-Type": "application/json"])
            #expect(reported.status == .created, "\(reported.body.string)")

            // Memories: she asks the survivor to be friends, and is friends with Mia, made for this:
            // their book, a photo on a memory page, an operation, a letter, and activity both ways.
            #expect(try await kindred.send(.POST, "/memories/friend-requests", token: second.accessToken,
                                           json: ["username": "survivor"]).status == .created)
            let mia = try await kindred.signUp("memories_mia")
            var dora = doomed
            dora.accessToken = second.accessToken
            let book = try await kindred.befriend(dora, mia).book
            let pagePhoto = try await Self.upload(MediaFixtures.png(width: 30, height: 20), by: doomed, on: kindred)
            let memoryPage = #"{"canvas":{"version":1,"paper":"plain","elements":[{"id":"p","type":"photo","z":0,"frame":{"x":0,"y":0,"width":300,"height":200},"mediaId":"\#(pagePhoto.id)"}]}}"#
            let page = try await kindred.send(.POST, "/memories/books/\(book.id)/pages", token: second.accessToken, bytes: Array(memoryPage.utf8),
                                              headers: ["Content-Type": "application/json"])
            #expect(page.status == .created, "\(page.body.string)")
            let pageID = try page.decode(Components.Schemas.MemoriesPageDetail.self).id
            let stroke = ##"{"operations":[{"opId":"\##(UUID())","kind":"add","element":{"id":"s","type":"ink","z":1,"frame":{"x":0,"y":0,"width":10,"height":10},"tool":"pen","color":"#112233","width":3,"points":[[0,0,0.5,0],[1,1,0.5,9]]}}]}"##
            #expect(try await kindred.send(.POST, "/memories/pages/\(pageID)/operations", token: second.accessToken, bytes: Array(stroke.utf8),
                                           headers: ["Content-Type": "application/json"]).status == .ok)
            // A letter in progress with a photo on it (kept as the draft's, not yet the book's).
            let letter = try await kindred.send(.POST, "/memories/books/\(book.id)/drafts", token: second.accessToken,
                                                bytes: Array(memoryPage.utf8), headers: ["Content-Type": "application/json"])
            #expect(letter.status == .created)

            // Rin: her primary (with settings and circles), a photo, a field, a custom circle with
            // the survivor in it, a cell of her grid, an alternate; the survivor puts her in Friends
            // and gives her a personal override.
            let rin = try await kindred.rinPrimary(dora)
            #expect(try await kindred.send(.PATCH, "/rin/profiles/\(rin)", token: dora.accessToken,
                                           json: ["photoId": picture.id.uuidString]).status == .ok)
            let doraPhone = try await kindred.rinField(dora, rin, "phone", "mobile", "+1 202 555 0188")
            let club = try await kindred.send(.POST, "/rin/profiles/\(rin)/circles", token: dora.accessToken, json: ["name": "Club"])
                .decode(Components.Schemas.RinCircle.self)
            try await kindred.rinAddMembers(dora, circle: club.id, [survivorRin])
            #expect(try await kindred.rinSetCells(dora, rin, [(club.id, doraPhone.key, "allow")]).status == .ok)
            #expect(try await kindred.send(.POST, "/rin/profiles", token: dora.accessToken,
                                           json: ["kind": "anonymous", "displayName": "Quiet Otter"]).status == .created)
            let doraCard = try await kindred.send(.POST, "/rin/profiles/\(rin)/contacts", token: dora.accessToken,
                                                  bytes: Array(#"{"displayName":"Survivor","values":[{"kind":"phone","value":"+1 202 555 0111"}]}"#.utf8),
                                                  headers: ["Content-Type": "application/json"])
            #expect(doraCard.status == .created, "\(doraCard.body.string)")
            let doraCardID = try doraCard.decode(Components.Schemas.RinContactDetail.self).id
            #expect(try await kindred.send(.POST, "/rin/circles/\(club.id)/members", token: dora.accessToken,
                                           json: ["contactIds": [doraCardID]]).status == .ok)
            // Rin: an import with a sure duplicate (two organisations: a conflict) and a probable one.
            let file = ["FN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEMAIL:ada@engine.example\r\nORG:Engines", "FN:Ada Lovelace\r\nN:Lovelace;Ada;;;\r\nEMAIL:ada@engine.example\r\nORG:Looms",
                        "FN:Alan Turing\r\nORG:Bletchley", "FN:Alan Turing\r\nORG:Bletchley"]
                .map { "BEGIN:VCARD\r\nVERSION:3.0\r\n" + $0 + "\r\nEND:VCARD\r\n" }.joined()
            let imported = try await kindred.send(.POST, "/rin/profiles/\(rin)/imports", token: dora.accessToken, bytes: Array(file.utf8))
            #expect(imported.status == .accepted, "\(imported.body.string)")
            let importID = try imported.decode(Components.Schemas.RinImport.self).id
            let doraToken = dora.accessToken
            try await eventually {
                try await kindred.send(.GET, "/rin/imports/\(importID)", token: doraToken).decode(Components.Schemas.RinImport.self).phase == .done
            }
            let finished = try await kindred.send(.GET, "/rin/imports/\(importID)", token: dora.accessToken).decode(Components.Schemas.RinImport.self)
            #expect(finished.merged == 1 && finished.suggested == 1 && finished.conflicts == 1, "\(finished)")
            // Rin: she asks for the survivor's birthday, which is on Ask for everyone on Rin.
            let asked = try await kindred.send(.POST, "/rin/people/\(survivorRin)/asks", token: dora.accessToken, json: ["fieldKey": survivorBirthday.key])
            #expect(asked.status == .ok, "\(asked.body.string)")
            try await kindred.rinAddMembers(survivor, circle: survivorFriends.id, [rin])
            try await RinPersonalOverride(profileID: survivorRin, viewerProfileID: rin, fieldKey: "*", access: .allow, source: .manual)
                .create(on: kindred.app.db)
            // Rin: she disputes the survivor's birthday (which the survivor lets her see), with a photo.
            let evidence = try await Self.upload(MediaFixtures.png(width: 12, height: 12), by: doomed, on: kindred)
            let disputed = try await kindred.send(.POST, "/rin/people/\(survivorRin)/disputes", token: dora.accessToken,
                                                  bytes: Array(#"{"fieldKey":"\#(survivorBirthday.key)","statement":"Wrong year.","evidence":["\#(evidence.id)"]}"#.utf8),
                                                  headers: ["Content-Type": "application/json"])
            #expect(disputed.status == .created, "\(disputed.body.string)")
            // Rin: her share link.
            #expect(try await kindred.send(.GET, "/rin/profiles/\(rin)/share-link", token: dora.accessToken).status == .ok)
            // Rin: she blocks the survivor's profile, and the survivor (whom she asked) blocks hers.
            #expect(try await kindred.send(.POST, "/rin/people/\(survivorRin)/block", token: dora.accessToken).status == .created)
            #expect(try await kindred.send(.POST, "/rin/people/\(rin)/block", token: survivor.accessToken).status == .created)

            // Rin: she and Mia hold each other (a link), and the day's run scores her.
            try await RinNetworkTests.linked(kindred, dora, mia)
            try await RinScoreJob.run(kindred.app.context)

            // "Download my data": she asks for everything she holds (checked against what her
            // deletion removes, below).
            let export = try await DataExportTests.exportReady(dora, on: kindred)
            let exported = try DataExportTests.exportedIDs(try await DataExportTests.download(try #require(export.url), on: kindred).1)

            // the test is only as good as its coverage: the doomed user must have left rows in every table
            let during = try await Self.rowCounts(sql)
            for (table, count) in snapshot {
                #expect((during[table] ?? 0) > count, "the doomed user wrote nothing to \(table); make the test use it")
            }

            // A book outlives one member (the friend keeps their part: MemoriesPageTests), so Mia
            // leaves first, and the book goes with its last reader.
            #expect(try await kindred.send(.DELETE, "/me", token: mia.accessToken).status == .noContent)

            let others = try await DataExportTests.othersRows(about: doomed.id, in: sql)
            let before = try await DataExportTests.rowIDs(sql)

            // act
            let deleted = try await kindred.send(.DELETE, "/me", token: rotated.accessToken)

            // validate: her export held every row her deletion removed, but for someone else's
            // rows about her and the tables no export reads
            let remaining = try await DataExportTests.rowIDs(sql)
            for (table, ids) in before where DataExportTests.notExported[table] == nil {
                let unexplained = ids.subtracting(remaining[table] ?? []).subtracting(exported[table] ?? []).subtracting(others[table] ?? [])
                #expect(unexplained.isEmpty, "\(table): \(unexplained.count) of her rows were not in her export")
            }
            for (table, ids) in others {
                #expect(ids.isDisjoint(with: exported[table] ?? []), "\(table): her export told her someone else's rows")
            }

            // validate: every table is back to what the survivor alone has
            #expect(deleted.status == .noContent, "\(deleted.body.string)")
            let after = try await Self.rowCounts(sql)
            #expect(after == snapshot)

            // validate: no trace of the user's email, username or ids in any column of any table
            let ids = [doomed.id, doomed.sessionID, second.sessionId, photo.id, picture.id, pagePhoto.id, book.id, rin]
            let traces = try await Self.traces(of: [doomed.email, doomed.username, SignInThrottle.accountScope(email: doomed.email)], ids: ids, in: sql)
            #expect(traces.isEmpty, "left behind in \(traces)")

            // validate: only the survivor's files remain
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: kindred.configuration.mediaDirectory).filter { $0 != MediaService.stagingFolder })
            #expect(files == survivorFiles)

            // validate: the tokens are dead, the credentials unknown, the media and profile gone
            for token in [doomed.accessToken, rotated.accessToken, second.accessToken] {
                #expect(try await kindred.send(.GET, "/me", token: token).status == .unauthorized)
            }
            for token in [rotated.refreshToken, second.refreshToken].compactMap({ $0 }) {
                #expect(try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": token]).status == .unauthorized)
            }
            let signIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": doomed.email, "password": doomed.password])
            #expect(signIn.status == .unauthorized)
            #expect(signIn.problem?.kind == "invalid-credentials")
            #expect(try await kindred.send(.GET, "/media/\(photo.id)", token: survivor.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/profiles/doomed_dora", token: survivor.accessToken).status == .notFound)

            // validate: the survivor is untouched
            let survivorMe = try await kindred.send(.GET, "/me", token: survivor.accessToken).decode(Components.Schemas.Me.self)
            #expect(survivorMe.profile.avatar?.id == survivorAvatar.id)
            #expect(survivorMe.profile.bio == "Staying")

            // validate: the username and email are free again
            let again = try await kindred.signUp("doomed_dora")
            #expect(again.id != doomed.id)
        }
    }

    // MARK: - Helpers

    private static func upload(_ bytes: [UInt8], by user: TestUser, on kindred: TestKindred,
                               idempotencyKey: String? = nil) async throws -> Components.Schemas.Media {
        var headers: HTTPHeaders = [:]
        if let idempotencyKey { headers.add(name: "Idempotency-Key", value: idempotencyKey) }
        let response = try await kindred.send(.POST, "/media", token: user.accessToken, bytes: bytes, headers: headers)
        #expect(response.status == .created, "upload failed: \(response.body.string)")
        return try response.decode(Components.Schemas.Media.self)
    }

    private static func failSignIn(_ email: String, on kindred: TestKindred) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/auth/sign-in", json: ["email": email, "password": "not the password"])
    }

    private static func session(_ response: TestingHTTPResponse) throws -> Components.Schemas.AuthSession {
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Components.Schemas.AuthSession.self)
    }

    /// Data that ships with the code and belongs to nobody (Date An Intervention's catalogue).
    static let sharedTables: Set<String> = [InterventionRecord.schema, InterventionCatalogueVersion.schema, JobRun.schema]

    /// Every table that can hold a person's data: all but Fluent's bookkeeping and shared catalogues.
    private static func tableNames(_ sql: any SQLDatabase) async throws -> [String] {
        let query: SQLQueryString
        if TestKindred.usesPostgres {
            query = "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename != '_fluent_migrations'"
        } else {
            query = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != '_fluent_migrations'"
        }
        let names = try await sql.raw(query).all().map { try $0.decode(column: "name", as: String.self) }
        #expect(!names.isEmpty)
        #expect(Self.sharedTables.isSubset(of: names), "a shared table was renamed; update sharedTables")
        return names.filter { !Self.sharedTables.contains($0) }.sorted()
    }

    /// Rows per table. Sign-ins, sign-ups and reset requests keyed by the client's address are left out: they name no
    /// account (no email, no id), and they must outlive any one account or deleting an account
    /// would reset an attacker's budget. The account-keyed ones are counted.
    private static func rowCounts(_ sql: any SQLDatabase) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in try await tableNames(sql) {
            var query: SQLQueryString = "SELECT COUNT(*) AS n FROM \(ident: table)"
            if table == RateLimitHit.schema {
                query += " WHERE scope NOT LIKE 'signin.address:%' AND scope NOT LIKE 'signup.address:%'"
                    + " AND scope NOT LIKE 'reset.address:%'"
            }
            let row = try await sql.raw(query).first()
            counts[table] = try row?.decode(column: "n", as: Int.self) ?? -1
        }
        return counts
    }

    /// `table.column` for every value that mentions one of `texts` or `ids`: text compared without
    /// case (so both spellings of a UUID), binary values also searched for each id's 16 raw bytes
    /// (SQLite stores UUIDs as blobs).
    private static func traces(of texts: [String], ids: [UUID], in sql: any SQLDatabase) async throws -> [String] {
        let needles = (texts + ids.map(\.uuidString)).map { $0.lowercased() }
        let rawIDs = ids.map { id in withUnsafeBytes(of: id.uuid) { Array($0) } }
        var found: [String] = []
        for table in try await tableNames(sql) {
            for row in try await sql.raw("SELECT * FROM \(ident: table)").all() {
                for column in row.allColumns where (try? row.decodeNil(column: column)) == false {
                    let blob = (try? row.decode(column: column, as: Data.self)).map { [UInt8]($0) }
                    let readings = [
                        try? row.decode(column: column, as: String.self),
                        (try? row.decode(column: column, as: UUID.self))?.uuidString,
                        blob.map { String(decoding: $0, as: UTF8.self) },
                    ].compactMap { $0?.lowercased() }
                    let mentionsText = readings.contains { reading in needles.contains { reading.contains($0) } }
                    let mentionsRawID = blob.map { bytes in rawIDs.contains { bytes.byteOffset(of: $0) != nil } } ?? false
                    if mentionsText || mentionsRawID { found.append("\(table).\(column)") }
                }
            }
        }
        return found
    }
}
