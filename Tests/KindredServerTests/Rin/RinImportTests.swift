import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

@Suite("Rin imports: files read whole, kept as snapshots, merged when sure, suggested when probable, undone exactly")
struct RinImportTests {
    typealias Schemas = Components.Schemas

    static func card(_ lines: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.split(separator: "\n").joined(separator: "\r\n") + "\r\nEND:VCARD\r\n"
    }

    /// Ada twice (an e-mail and a compatible name: sure), Grace twice (a phone, "G." for Grace:
    /// sure), two Alan Turings at Bletchley with no phone or e-mail (probable), Charles twice with
    /// two birthdays (a shared phone, a clash: probable), and Mary once.
    static let book = [
        card("N:Lovelace;Ada;;;\nFN:Ada Lovelace\nEMAIL;TYPE=HOME:ada@engine.example\nBDAY:1815-12-10"),
        card("N:Hopper;Grace;;;\nFN:Grace Hopper\nTEL;TYPE=CELL:+1 202 555 0101"),
        card("N:Turing;Alan;;;\nFN:Alan Turing\nORG:Bletchley Park"),
        card("N:Babbage;Charles;;;\nFN:Charles Babbage\nTEL;TYPE=HOME:+44 20 7946 0958\nBDAY:1791-12-26"),
        card("N:Somerville;Mary;;;\nFN:Mary Somerville\nEMAIL:mary@example.org"),
        card("N:Lovelace;Ada;;;\nFN:Ada Lovelace\nEMAIL;TYPE=WORK:ADA@Engine.Example\nTEL:+1 202 555 0199"),
        card("N:Hopper;G.;;;\nFN:G. Hopper\nTEL:(202) 555-0101\nORG:US Navy"),
        card("N:Turing;Alan;;;\nFN:Alan Turing\nORG:Bletchley Park\nNOTE:the other card"),
        card("N:Babbage;Charles;;;\nFN:Charles Babbage\nTEL:+44 (0)20 7946 0958\nBDAY:1792-12-26"),
    ].joined()

    static func upload(_ kindred: TestKindred, _ user: TestUser, _ profile: UUID, _ text: String) async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/rin/profiles/\(profile)/imports?name=book.vcf", token: user.accessToken, bytes: Array(text.utf8),
                               headers: ["Content-Type": "application/octet-stream"])
    }

    /// Waits for an import to end. Generous: on PostgreSQL beside the whole suite on two cores, a
    /// 250-card import's matching (every merge a dozen statements) has taken most of a minute.
    static func finished(_ kindred: TestKindred, _ user: TestUser, _ importID: UUID) async throws -> Schemas.RinImport {
        try await eventually(timeout: .seconds(180)) {
            let row = try await kindred.send(.GET, "/rin/imports/\(importID)", token: user.accessToken).decode(Schemas.RinImport.self)
            return row.phase == .done || row.phase == .failed
        }
        return try await kindred.send(.GET, "/rin/imports/\(importID)", token: user.accessToken).decode(Schemas.RinImport.self)
    }

    static func names(_ kindred: TestKindred, _ user: TestUser, _ profile: UUID) async throws -> [String] {
        try await kindred.send(.GET, "/rin/profiles/\(profile)/contacts?limit=100", token: user.accessToken)
            .decode(Schemas.RinContactPage.self).items.map(\.displayName)
    }

    @Test func anImportMergesTheSureAndSuggestsTheProbable() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            let uploaded = try await Self.upload(kindred, ada, book, Self.book)
            #expect(uploaded.status == .accepted, "\(uploaded.body.string)")
            let started = try uploaded.decode(Schemas.RinImport.self)
            #expect(started.total == 9 && started.source == .vcard && started.fileName == "book.vcf")
            let done = try await Self.finished(kindred, ada, started.id)
            #expect(done.phase == .done && done.processed == 9 && done.createdContacts == 9)
            #expect(done.merged == 2, "Ada and Grace")
            #expect(done.suggested == 2, "the Alans and the Charleses")
            #expect(try await Self.names(kindred, ada, book) == ["Ada Lovelace", "Alan Turing", "Alan Turing", "Charles Babbage",
                                                                 "Charles Babbage", "Grace Hopper", "Mary Somerville"])
            // The survivor keeps everything: both e-mails, the phone, the organisation.
            let grace = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts?q=hopper", token: ada.accessToken)
                .decode(Schemas.RinContactPage.self).items[0]
            let detail = try await kindred.send(.GET, "/rin/contacts/\(grace.id)", token: ada.accessToken).decode(Schemas.RinContactDetail.self)
            #expect(detail.organization == "US Navy" && detail.values.filter { $0.kind == .phone }.count == 1)
            let merges = try await kindred.send(.GET, "/rin/profiles/\(book)/merges?automatic=true", token: ada.accessToken)
                .decode(Schemas.RinMergePage.self)
            #expect(Set(merges.items.map(\.absorbedName)) == ["Ada Lovelace", "G. Hopper"] && merges.items.allSatisfy { $0.kind == .auto })
            let suggestions = try await kindred.send(.GET, "/rin/profiles/\(book)/suggestions", token: ada.accessToken)
                .decode(Schemas.RinSuggestionPage.self)
            #expect(suggestions.items.count == 2)
            let charles = try #require(suggestions.items.first { $0.contacts[0].displayName == "Charles Babbage" })
            #expect(charles.evidence.birthday == .clash && charles.evidence.sharedPhones == ["+442079460958"] && charles.confidence == 0.85)
            let home = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts/home", token: ada.accessToken).decode(Schemas.RinContactsHome.self)
            #expect(home.suggestions == 2 && home.total == 7)

            // act: the same file again changes nothing
            let again = try await Self.upload(kindred, ada, book, Self.book)
            #expect(again.status == .ok)
            #expect(try again.decode(Schemas.RinImport.self).id == started.id)
            #expect(try await Self.names(kindred, ada, book).count == 7)

            // act: Charles is one person; the Alans are two
            let merged = try await kindred.send(.POST, "/rin/suggestions/\(charles.id)/merge", token: ada.accessToken)
            #expect(merged.status == .ok, "\(merged.body.string)")
            let result = try merged.decode(Schemas.RinMergeResult.self)
            #expect(result.merge.kind == .accepted)
            #expect(result.contact.birthday == "1791-12-26", "the older card's birthday stays: \(merged.body.string)")
            let conflicts = try await kindred.send(.GET, "/rin/profiles/\(book)/conflicts", token: ada.accessToken).decode(Schemas.RinConflictPage.self)
            let conflict = try #require(conflicts.items.first)
            #expect(conflict.field == .birthday && conflict.options.map(\.value) == ["1791-12-26", "1792-12-26"])
            let resolved = try await kindred.send(.POST, "/rin/conflicts/\(conflict.id)/resolve", token: ada.accessToken, json: ["choice": 1])
            #expect(try resolved.decode(Schemas.RinContactDetail.self).birthday == "1792-12-26")
            let alans = try #require(suggestions.items.first { $0.contacts[0].displayName == "Alan Turing" })
            #expect(try await kindred.send(.POST, "/rin/suggestions/\(alans.id)/dismiss", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.POST, "/rin/suggestions/\(alans.id)/merge", token: ada.accessToken).status == .conflict)
            let left = try await kindred.send(.GET, "/rin/profiles/\(book)/suggestions", token: ada.accessToken).decode(Schemas.RinSuggestionPage.self)
            #expect(left.items.isEmpty)
        }
    }

    @Test func aBrokenFileIsRefusedWholeNamingTheLine() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            let csv = "First Name,Last Name,E-mail 1 - Value\r\nAda,Lovelace,ada@example.com\r\nGrace,\"Hopper,grace@example.com\r\n"
            let refused = try await Self.upload(kindred, ada, book, csv)
            #expect(refused.status == .unprocessableEntity)
            #expect(refused.problem?.errors?.first?.field == "file")
            #expect(refused.problem?.detail.contains("line 3") == true || refused.problem?.errors?.first?.message.contains("3") == true, "\(refused.body.string)")
            #expect(try await Self.names(kindred, ada, book).isEmpty)
            let imports = try await kindred.send(.GET, "/rin/profiles/\(book)/imports", token: ada.accessToken).decode(Schemas.RinImportPage.self)
            #expect(imports.items.isEmpty, "nothing of a refused file is kept")
            let empty = try await Self.upload(kindred, ada, book, "hello")
            #expect(empty.status == .unprocessableEntity)
        }
    }

    @Test func aCardsPhotoIsStoredWithoutItsLocationAndALinkIsNeverFetched() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            let photo = Data(MediaFixtures.jpeg(width: 40, height: 30)).base64EncodedString()
            let text = Self.card("N:Hopper;Grace;;;\nFN:Grace Hopper\nPHOTO;ENCODING=b;TYPE=JPEG:\(photo)")
                + Self.card("N:Turing;Alan;;;\nFN:Alan Turing\nPHOTO;VALUE=uri:https://photos.example/alan.jpg")
                + Self.card("N:Babbage;Charles;;;\nFN:Charles Babbage\nPHOTO;ENCODING=b;TYPE=JPEG:\(Data("not a picture".utf8).base64EncodedString())")
            let uploaded = try await Self.upload(kindred, ada, book, text)
            let done = try await Self.finished(kindred, ada, try uploaded.decode(Schemas.RinImport.self).id)
            #expect(done.phase == .done && done.createdContacts == 3, "\(done)")
            let page = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts", token: ada.accessToken).decode(Schemas.RinContactPage.self)
            #expect(page.items.map(\.displayName) == ["Alan Turing", "Charles Babbage", "Grace Hopper"])
            #expect(page.items.map { $0.photo != nil } == [false, false, true], "a link is never fetched; bytes that are no picture are left out")
            let shown = try #require(page.items.last?.photo)
            #expect(shown.kind == .jpeg && shown.width == 40 && shown.height == 30)
            let item = try #require(try await MediaItem.find(shown.id, on: kindred.app.db))
            #expect(item.$owner.id == ada.id)
            let file = try await kindred.app.testing().sendRequest(.GET, shown.url)
            #expect(file.status == .ok)
            #expect(!Array(file.body.readableBytesView).containsASCII(MediaFixtures.gpsMarker), "the card's GPS did not survive")
        }
    }

    /// A phone's contact photo as the phone's Contacts app exports it: a camera-sized JPEG (4 MB,
    /// with its GPS), base64 on a folded line of 5.6 MB, beside an ordinary card.
    @Test func aMultiMegabytePhotoInACardIsImportedWithoutItsLocation() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            let jpeg = MediaFixtures.photo(megabytes: 4)
            let encoded = Data(jpeg).base64EncodedString()
            // RFC 6350 §3.2: lines of at most 75 octets, each continuation starting with a space.
            var folded = "PHOTO;ENCODING=b;TYPE=JPEG:"
            var rest = Substring(encoded)
            folded += rest.prefix(75 - folded.utf8.count)
            rest = rest.dropFirst(75 - 27)
            while !rest.isEmpty {
                folded += "\r\n " + rest.prefix(74)
                rest = rest.dropFirst(74)
            }
            let text = Self.card("N:Hopper;Grace;;;\nFN:Grace Hopper\nEMAIL:grace@navy.example\n\(folded)")
                + Self.card("N:Lovelace;Ada;;;\nFN:Ada Lovelace")
            #expect(text.utf8.count > 5_000_000)

            let uploaded = try await Self.upload(kindred, ada, book, text)
            #expect(uploaded.status == .accepted, "\(uploaded.body.string)")
            let done = try await Self.finished(kindred, ada, try uploaded.decode(Schemas.RinImport.self).id)

            #expect(done.phase == .done && done.createdContacts == 2, "\(done)")
            let page = try await kindred.send(.GET, "/rin/profiles/\(book)/contacts", token: ada.accessToken).decode(Schemas.RinContactPage.self)
            #expect(page.items.map(\.displayName) == ["Ada Lovelace", "Grace Hopper"])
            let shown = try #require(page.items.last?.photo)
            #expect(shown.kind == .jpeg && shown.width == 4032 && shown.height == 3024)
            let file = try await kindred.app.testing().sendRequest(.GET, shown.url)
            #expect(file.status == .ok)
            let served = Array(file.body.readableBytesView)
            #expect(served.count > 4_000_000 && served.count < jpeg.count, "the whole picture, less its metadata")
            #expect(!served.containsASCII(MediaFixtures.gpsMarker), "the card's GPS did not survive")
        }
    }

    @Test func aGoogleExportImportsWithItsWarnings() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            let csv = "First Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value\r\n"
                + "Ada,Lovelace,* Home,ada@example.com,Mobile,+1 202 555 0101\r\n"
                + "Grace,Hopper,Work,grace@navy.example,,\r\n"
                + "Alan,Turing,,,Work,020 7946 0958,extra\r\n"
            let uploaded = try await Self.upload(kindred, ada, book, csv)
            #expect(uploaded.status == .accepted, "\(uploaded.body.string)")
            let done = try await Self.finished(kindred, ada, try uploaded.decode(Schemas.RinImport.self).id)
            #expect(done.source == .googleCsv && done.createdContacts == 3)
            #expect(done.warnings.map(\.line) == [4], "the row wider than its header")
            #expect(try await Self.names(kindred, ada, book) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])
        }
    }

    @Test func anInterruptedImportResumesToTheSameBookAsAnUninterruptedOne() async throws {
        try await withKindred { kindred in
            // setup: 250 cards, a fifth of them second cards of someone
            var cards: [String] = []
            for n in 0..<200 { cards.append(Self.card("N:Person\(n);Some;;;\nFN:Some Person\(n)\nEMAIL:p\(n)@example.com")) }
            for n in stride(from: 0, to: 200, by: 4) { cards.append(Self.card("N:Person\(n);S.;;;\nFN:S. Person\(n)\nEMAIL:P\(n)@Example.com")) }
            let file = cards.joined()
            let steady = try await kindred.signUp("steady")
            let steadyBook = try await kindred.rinPrimary(steady)
            let bumpy = try await kindred.signUp("bumpy")
            let bumpyBook = try await kindred.rinPrimary(bumpy)

            // act: one runs through; the other stops after two batches as a dying server would
            let whole = try await Self.finished(kindred, steady, try await Self.upload(kindred, steady, steadyBook, file).decode(Schemas.RinImport.self).id)
            let upload = try await RinImportService(context: kindred.app.context)
                .upload(Data(file.utf8), fileName: nil, into: bumpyBook, by: bumpy.id)
            let importID = try upload.rinImport.requireID()
            try await RinImportWorker(context: kindred.app.context).work(importID, maxBatches: 2)
            let stalled = try await kindred.send(.GET, "/rin/imports/\(importID)", token: bumpy.accessToken).decode(Schemas.RinImport.self)
            #expect(stalled.phase == .reading && stalled.processed == 200, "\(stalled)")
            // The lease has not lapsed: nobody takes it over yet.
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await kindred.send(.GET, "/rin/imports/\(importID)", token: bumpy.accessToken).decode(Schemas.RinImport.self).processed == 200)
            kindred.clock.advance(by: RinImportWorker.lease + 1)
            let resumed = try await Self.finished(kindred, bumpy, importID)

            // validate: the same book, the same counts, no contact twice
            #expect(whole.createdContacts == 250 && whole.merged == 50)
            #expect(resumed.createdContacts == whole.createdContacts && resumed.merged == whole.merged && resumed.suggested == whole.suggested)
            let steadyNames = try await kindred.everyPage("/rin/profiles/\(steadyBook)/contacts", token: steady.accessToken, limit: 100,
                                                          as: Schemas.RinContactPage.self, cursor: \.nextCursor, count: \.items.count)
            let bumpyNames = try await kindred.everyPage("/rin/profiles/\(bumpyBook)/contacts", token: bumpy.accessToken, limit: 100,
                                                         as: Schemas.RinContactPage.self, cursor: \.nextCursor, count: \.items.count)
            #expect(steadyNames.flatMap { $0.items.map(\.displayName) } == bumpyNames.flatMap { $0.items.map(\.displayName) })
            #expect(bumpyNames.flatMap(\.items).count == 200)
        }
    }

    @Test func undoRestoresBothContactsExactlyInStackOrder() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let book = try await kindred.rinPrimary(ada)
            func create(_ body: String) async throws -> Schemas.RinContactDetail {
                try await kindred.send(.POST, "/rin/profiles/\(book)/contacts", token: ada.accessToken, bytes: Array(body.utf8),
                                       headers: ["Content-Type": "application/json"]).decode(Schemas.RinContactDetail.self)
            }
            func detail(_ id: UUID) async throws -> String {
                try await kindred.send(.GET, "/rin/contacts/\(id)", token: ada.accessToken).body.string
            }
            let first = try await create(#"{"givenName":"Grace","familyName":"Hopper","birthday":"1906-12-09","values":[{"kind":"phone","label":"mobile","value":"+1 202 555 0101"}]}"#)
            let second = try await create(#"{"givenName":"Grace","familyName":"Hopper","birthday":"1906-12-10","favourite":true,"values":[{"kind":"email","label":"work","value":"grace@navy.example"},{"kind":"phone","value":"202-555-0101"}]}"#)
            let third = try await create(#"{"displayName":"Amazing Grace","title":"Admiral"}"#)
            let friends = try await kindred.rinCircle(ada, book, .friends)
            #expect(try await kindred.send(.POST, "/rin/circles/\(friends.id)/members", token: ada.accessToken,
                                           json: ["contactIds": [second.id]]).status == .ok)
            kindred.clock.advance(by: 1)
            let before = [try await detail(first.id), try await detail(second.id), try await detail(third.id)]

            // act: merge two, then a third into the result
            let one = try await kindred.send(.POST, "/rin/contacts/\(second.id)/merge", token: ada.accessToken, json: ["otherId": first.id])
            let merged = try one.decode(Schemas.RinMergeResult.self)
            #expect(merged.contact.id == first.id && merged.contact.favourite && merged.contact.circles.map(\.id) == [friends.id])
            #expect(merged.contact.values.count == 2, "the phone once, the e-mail")
            // A link to the merged-away card opens the card that holds it; edits take live cards only.
            let absorbed = try await kindred.send(.GET, "/rin/contacts/\(second.id)", token: ada.accessToken)
            #expect(try absorbed.decode(Schemas.RinContactDetail.self).id == first.id)
            #expect(try await kindred.send(.PATCH, "/rin/contacts/\(second.id)", token: ada.accessToken, json: ["note": "x"]).status == .notFound)
            let two = try await kindred.send(.POST, "/rin/contacts/\(first.id)/merge", token: ada.accessToken, json: ["otherId": third.id])
                .decode(Schemas.RinMergeResult.self)
            #expect(try await kindred.send(.GET, "/rin/contacts/\(third.id)", token: ada.accessToken).decode(Schemas.RinContactDetail.self).id == first.id)
            let bea = try await kindred.signUp("bea")
            #expect(try await kindred.send(.GET, "/rin/contacts/\(second.id)", token: bea.accessToken).status == .notFound, "nobody else's")
            let early = try await kindred.send(.POST, "/rin/merges/\(merged.merge.id)/undo", token: ada.accessToken)
            #expect(early.status == .conflict, "a later merge includes the survivor: \(early.body.string)")
            // An edit since the merge is kept unless I say to let it go.
            #expect(try await kindred.send(.PATCH, "/rin/contacts/\(first.id)", token: ada.accessToken, json: ["note": "edited"]).status == .ok)
            let edited = try await kindred.send(.POST, "/rin/merges/\(two.merge.id)/undo", token: ada.accessToken)
            #expect(edited.status == .conflict, "\(edited.body.string)")
            let undone = try await kindred.send(.POST, "/rin/merges/\(two.merge.id)/undo?discardEdits=true", token: ada.accessToken)
            #expect(undone.status == .ok, "\(undone.body.string)")
            #expect(try await kindred.send(.POST, "/rin/merges/\(merged.merge.id)/undo?discardEdits=true", token: ada.accessToken).status == .ok)

            // validate: each contact reads byte for byte as before (but when it last changed)
            let after = [try await detail(first.id), try await detail(second.id), try await detail(third.id)]
            func unstamped(_ text: String) -> String { text.replacingOccurrences(of: #""updatedAt":"[^"]*""#, with: "", options: .regularExpression) }
            #expect(after.map(unstamped) == before.map(unstamped))
            #expect(try await kindred.send(.GET, "/rin/profiles/\(book)/conflicts", token: ada.accessToken)
                .decode(Schemas.RinConflictPage.self).items.isEmpty, "the merge's conflicts went with it")
        }
    }
}
