import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import MemoriesCanvas
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

@Suite("Memories pages: letters that become permanent, memory pages, and the canvas's checks")
struct MemoriesPageTests {
    typealias Schemas = Components.Schemas

    @Test func aLetterIsPrivateUntilSentThenDeliveredAndNeverChangedAgain() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let bookID = try await kindred.befriend(ada, grace).book.id
            let graceSocket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: grace.accessToken)

            // Draft: autosaved, resumed "on another device", invisible to Grace.
            let draft = try await kindred.memoriesDraft(in: bookID, by: ada)
            #expect(draft.state == .draft && draft.revision == 1 && draft.canvas.isEmpty)
            let saved = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: MemoriesSamples.letter("Dear Grace,"), by: ada)
            #expect(saved.status == .ok, "\(saved.body.string)")
            #expect(try saved.decode(Schemas.MemoriesDraftSaved.self).revision == 2)
            let resumed = try await kindred.memoriesPage(draft.id, as: ada)
            #expect(resumed.revision == 2 && resumed.canvas == MemoriesSamples.letter("Dear Grace,"))
            let stale = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: MemoriesSamples.letter("Overwrite?"), by: ada)
            #expect(stale.status == .conflict, "a save from an older revision never overwrites")
            #expect(try await kindred.memoriesPage(draft.id, as: ada).canvas == MemoriesSamples.letter("Dear Grace,"))
            #expect(try await kindred.send(.GET, "/memories/pages/\(draft.id)", token: grace.accessToken).status == .notFound)
            #expect(try await kindred.saveMemoriesDraft(draft.id, revision: 2, canvas: Canvas(), by: grace).status == .notFound)
            let drafts = try await kindred.send(.GET, "/memories/books/\(bookID)/drafts", token: ada.accessToken)
                .decode(Schemas.MemoriesPageSummaryPage.self)
            #expect(drafts.items.map(\.id) == [draft.id])
            #expect(try await kindred.send(.GET, "/memories/books/\(bookID)/drafts", token: grace.accessToken)
                .decode(Schemas.MemoriesPageSummaryPage.self).items.isEmpty)
            #expect(try await kindred.send(.GET, "/memories/books/\(bookID)/pages", token: grace.accessToken)
                .decode(Schemas.MemoriesPageSummaryPage.self).items.isEmpty)
            // An empty letter is not sent.
            let blank = try await kindred.memoriesDraft(in: bookID, by: ada)
            #expect(try await kindred.send(.POST, "/memories/drafts/\(blank.id)/send", token: ada.accessToken).status == .unprocessableEntity)

            // Sent: a dated, authored page of the book; Grace hears of it and has an unread letter.
            let sent = try await kindred.send(.POST, "/memories/drafts/\(draft.id)/send", token: ada.accessToken)
            #expect(sent.status == .ok, "\(sent.body.string)")
            let letter = try sent.decode(Schemas.MemoriesPageDetail.self)
            #expect(letter.state == .sent && letter.placedAt != nil && letter.author.username == "ada")
            let added = try await graceSocket.next { event -> Schemas.MemoriesPageSummary? in
                if case .memories_page_added(let event) = event { return event.page }
                return nil
            }
            #expect(added.id == draft.id && added.kind == .letter)
            let book = try await kindred.send(.GET, "/memories/books/\(bookID)", token: grace.accessToken).decode(Schemas.MemoriesBook.self)
            #expect(book.unreadLetters == 1 && book.pageCount == 1)
            let activity = try await kindred.send(.GET, "/memories/activity", token: grace.accessToken).decode(Schemas.MemoriesActivityPage.self)
            #expect(activity.items.first?.kind == .letterArrived && activity.items.first?.pageId == draft.id)
            #expect(try await kindred.send(.GET, "/memories/activity/unread", token: grace.accessToken)
                .decode(Schemas.MemoriesActivityUnread.self).count == 1)
            #expect(try await kindred.memoriesPage(draft.id, as: grace).canvas == MemoriesSamples.letter("Dear Grace,"))
            #expect(try await kindred.send(.POST, "/memories/books/\(bookID)/read", token: grace.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/memories/books/\(bookID)", token: grace.accessToken).decode(Schemas.MemoriesBook.self).unreadLetters == 0)
            #expect(try await kindred.send(.GET, "/memories/activity/unread", token: grace.accessToken)
                .decode(Schemas.MemoriesActivityUnread.self).count == 0)

            // Every write path refuses a sent letter, whoever tries.
            for user in [ada, grace] {
                let attempts: [(HTTPMethod, String, (any Encodable)?)] = [
                    (.PUT, "/memories/drafts/\(draft.id)?revision=2", MemoriesSamples.letter("Changed")),
                    (.POST, "/memories/drafts/\(draft.id)/send", nil),
                    (.DELETE, "/memories/drafts/\(draft.id)", nil),
                    (.POST, "/memories/pages/\(draft.id)/operations", ["operations": [CanvasOperation(.delete(elementID: "body"))]]),
                ]
                for (method, path, body) in attempts {
                    let response = try await kindred.send(method, path, token: user.accessToken, json: body)
                    // Ada's own letter says why (409); to Grace a draft id of Ada's is nothing she may touch (404).
                    let expected: HTTPStatus = user.username == "ada" || path.hasSuffix("/operations") ? .conflict : .notFound
                    #expect(response.status == expected, "\(user.username) \(method) \(path): \(response.body.string)")
                }
            }
            let stored = try #require(try await MemoriesPage.find(draft.id, on: kindred.app.db))
            #expect(try stored.canvas() == MemoriesSamples.letter("Dear Grace,") && stored.revision == 2)
            try await graceSocket.close()
        }
    }

    @Test func theCanvasIsCheckedStrictlyWithFieldPreciseProblems() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let bookID = try await kindred.befriend(ada, grace).book.id
            let draft = try await kindred.memoriesDraft(in: bookID, by: ada)

            func save(_ json: String) async throws -> TestingHTTPResponse {
                try await kindred.send(.PUT, "/memories/drafts/\(draft.id)?revision=1", token: ada.accessToken, bytes: Array(json.utf8),
                                       headers: ["Content-Type": "application/json"])
            }
            let frame = #""frame":{"x":10,"y":10,"width":100,"height":100}"#
            // Around the canvas (which the validator reads): `null` is no canvas, whatever the
            // decoder would make of it; an unknown member is ignored; a body that is no object
            // is a clear refusal, never a 500.
            func create(_ json: String) async throws -> TestingHTTPResponse {
                try await kindred.send(.POST, "/memories/books/\(bookID)/pages", token: ada.accessToken, bytes: Array(json.utf8),
                                       headers: ["Content-Type": "application/json"])
            }
            let null = try await create(#" { "canvas" : null } "#)
            #expect(null.status == .unprocessableEntity && null.problem?.errors?.map(\.field) == ["canvas"], "\(null.body.string)")
            let escapedNull = try await create(#"{"note": "a \"quoted\" {brace", "c\u0061nvas": null}"#)
            #expect(escapedNull.status == .unprocessableEntity && escapedNull.problem?.errors?.map(\.field) == ["canvas"])
            #expect(try await create(#"{"canvas": {"version": 1, "paper": "plain", "elements": []}, "later": null}"#).status == .created)
            for notAnObject in [#"[]"#, #""canvas""#, #"{"canvas": {"#] {
                let refused = try await create(notAnObject)
                #expect((400..<500).contains(refused.status.code), "\(notAnObject): \(refused.status)")
            }
            // Out of bounds, named to the value.
            let outside = try await save(##"{"version":1,"paper":"plain","elements":[{"id":"a","type":"ink","z":0,\##(frame),"tool":"pen","color":"#000000","width":2,"points":[[0.5,0.5,0.5,0],[1.5,0.5,0.5,8]]}]}"##)
            #expect(outside.status == .unprocessableEntity)
            #expect(outside.problem?.errors?.map(\.field) == ["canvas.elements[0].points[1][0]"])
            let frameOut = try await save(##"{"version":1,"paper":"plain","elements":[{"id":"a","type":"text","z":0,"frame":{"x":5000,"y":10,"width":100,"height":100},"text":"hi","font":"serif","size":30,"color":"#000000","align":"left"}]}"##)
            #expect(frameOut.problem?.errors?.map(\.field) == ["canvas.elements[0].frame.x"])
            // NaN and infinities are not JSON: refused before anything is read, never a 500.
            for number in ["NaN", "Infinity", "-Infinity", "1e400"] {
                let response = try await save(##"{"version":1,"paper":"plain","elements":[{"id":"a","type":"text","z":0,"frame":{"x":\##(number),"y":10,"width":100,"height":100},"text":"hi","font":"serif","size":30,"color":"#000000","align":"left"}]}"##)
                #expect(response.status == .badRequest, "\(number): \(response.status) \(response.body.string)")
            }
            // An unknown element type, a short point, a bad colour, a duplicate id.
            let sticker = try await save(#"{"version":1,"paper":"plain","elements":[{"id":"a","type":"sticker","z":0,\#(frame)}]}"#)
            #expect(sticker.status == .badRequest && sticker.body.string.contains("sticker"))
            let short = try await save(##"{"version":1,"paper":"plain","elements":[{"id":"a","type":"ink","z":0,\##(frame),"tool":"pen","color":"#000000","width":2,"points":[[0.5,0.5,0.5]]}]}"##)
            #expect(short.status == .badRequest)
            let colour = try await save(#"{"version":1,"paper":"plain","elements":[{"id":"a","type":"ink","z":0,\#(frame),"tool":"pen","color":"red","width":2,"points":[[0.5,0.5,0.5,0]]}]}"#)
            #expect(colour.problem?.errors?.map(\.field) == ["canvas.elements[0].color"])
            let twice = Canvas(elements: [MemoriesSamples.text("same", "one"), MemoriesSamples.text("same", "two")])
            #expect(try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: twice, by: ada).problem?.errors?.map(\.field)
                    == ["canvas.elements[1].id"])

            // The totals: 2,001 elements; 200,001 points; more than 2 MiB stored.
            let crowded = Canvas(elements: (0...CanvasLimits.elements).map { MemoriesSamples.stroke("e\($0)", points: 1) })
            let many = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: crowded, by: ada)
            #expect(many.status == .unprocessableEntity)
            #expect(many.problem?.errors?.first?.message.contains("2,000 elements") == true, "\(many.body.string)")
            // Points as short as JSON writes them, so the count, not the size, is what is over.
            var still = MemoriesSamples.stroke("a", points: 1)
            still.content = .ink(.init(points: Array(repeating: InkPoint(x: 0, y: 0, pressure: 0, t: 0), count: 100_000)))
            var more = still
            more.id = "b"
            more.content = .ink(.init(points: Array(repeating: InkPoint(x: 0, y: 0, pressure: 0, t: 0), count: 100_001)))
            let inky = Canvas(elements: [still, more])
            let points = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: inky, by: ada)
            #expect(points.problem?.errors?.first?.message.contains("200,000 points") == true, "\(points.status) \(points.body.string.prefix(300))")
            let wordy = Canvas(elements: (0..<460).map { MemoriesSamples.text("t\($0)", String(repeating: "w", count: 4_990)) })
            let large = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: wordy, by: ada)
            #expect(large.status == .unprocessableEntity, "\(large.status)")
            #expect(large.problem?.errors?.map(\.field) == ["canvas"])
            let huge = Canvas(elements: (0..<600).map { MemoriesSamples.text("t\($0)", String(repeating: "w", count: 4_990)) })
            #expect(try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: huge, by: ada).status == .payloadTooLarge)

            // Nothing was stored by any of it; the longest valid page is.
            #expect(try await kindred.memoriesPage(draft.id, as: ada).revision == 1)
            let longest = Canvas(elements: [MemoriesSamples.stroke("a", points: 50_000)] + (0..<9).map { MemoriesSamples.text("t\($0)", String(repeating: "é", count: 5_000)) })
            let fits = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: longest, by: ada)
            #expect(fits.status == .ok, "\(fits.body.string.prefix(300))")
            #expect(try await kindred.memoriesPage(draft.id, as: ada).canvas == longest)
        }
    }

    @Test func photosAreTheWritersOwnUploadsAndThenTheBooks() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let eve = try await kindred.signUp("eve")
            let bookID = try await kindred.befriend(ada, grace).book.id
            let upload = { (user: TestUser) async throws -> Schemas.Media in
                try await kindred.send(.POST, "/media", token: user.accessToken, bytes: MediaFixtures.jpeg()).decode(Schemas.Media.self)
            }
            let adas = try await upload(ada)
            let eves = try await upload(eve)
            func photo(_ id: UUID) -> Canvas {
                Canvas(elements: [CanvasElement(id: "p", frame: CanvasFrame(x: 100, y: 100, width: 400, height: 300), content: .photo(.init(mediaId: id)))])
            }
            // Someone else's upload (or a made-up id) is refused by name.
            let draft = try await kindred.memoriesDraft(in: bookID, by: ada)
            let stolen = try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: photo(eves.id), by: ada)
            #expect(stolen.status == .unprocessableEntity)
            #expect(stolen.problem?.errors?.map(\.field) == ["canvas.elements[0].mediaId"])
            #expect(try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: photo(UUID()), by: ada).status == .unprocessableEntity)
            #expect(try await kindred.send(.GET, "/media/\(adas.id)", token: grace.accessToken).status == .notFound)
            // Placed: both members see it, with a signed URL on the page; a stranger does not.
            let page = try await kindred.memoryPage(in: bookID, by: ada, canvas: photo(adas.id))
            #expect(page.media.map(\.id) == [adas.id])
            let gracesView = try await kindred.memoriesPage(page.id, as: grace)
            let signed = try #require(gracesView.media.first?.url)
            #expect(signed.contains("signature="))
            #expect(try await kindred.send(.GET, "/media/\(adas.id)", token: grace.accessToken).status == .ok)
            #expect(try await kindred.send(.GET, "/media/\(adas.id)", token: eve.accessToken).status == .notFound)
            // Grace may place it again on a page of hers: it is the book's now.
            let reused = try await kindred.applyMemories([CanvasOperation(.add(CanvasElement(id: "again", frame: CanvasFrame(x: 0, y: 0, width: 50, height: 50),
                                                                                            content: .photo(.init(mediaId: adas.id)))))], to: page.id, by: grace)
            #expect(reused.status == .ok, "\(reused.body.string)")
            // And the cover can be one.
            let cover = try await kindred.send(.PATCH, "/memories/books/\(bookID)", token: grace.accessToken,
                                               json: ["coverPhotoId": adas.id.uuidString, "title": "Our harbour"])
            #expect(cover.status == .ok, "\(cover.body.string)")
            let book = try cover.decode(Schemas.MemoriesBook.self)
            #expect(book.title == "Our harbour" && book.coverPhoto?.id == adas.id)
        }
    }

    @Test func aDraftsPhotoIsTheWritersAloneUntilTheLetterIsSentAndKeptWhileItWaits() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let bookID = try await kindred.befriend(ada, grace).book.id
            let upload = { () async throws -> Schemas.Media in
                try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.jpeg()).decode(Schemas.Media.self)
            }
            func photo(_ id: UUID) -> Canvas {
                Canvas(elements: [CanvasElement(id: "p", frame: CanvasFrame(x: 100, y: 100, width: 400, height: 300), content: .photo(.init(mediaId: id)))])
            }
            let kept = try await upload()
            let dropped = try await upload()

            // On a draft: the writer sees it on the page, signed; the friend learns nothing of it.
            let draft = try await kindred.memoriesDraft(in: bookID, by: ada)
            #expect(try await kindred.saveMemoriesDraft(draft.id, revision: 1, canvas: photo(dropped.id), by: ada).status == .ok)
            #expect(try await kindred.saveMemoriesDraft(draft.id, revision: 2, canvas: photo(kept.id), by: ada).status == .ok)
            #expect(try await kindred.memoriesPage(draft.id, as: ada).media.map(\.id) == [kept.id])
            #expect(try await kindred.send(.GET, "/media/\(kept.id)", token: grace.accessToken).status == .notFound)

            // A day on, the sweep of unused uploads keeps the draft's photo and takes the one it dropped.
            kindred.clock.advance(by: 25 * 3600)
            #expect(try await MediaSweeper(context: kindred.app.context).sweep() == 1)
            #expect(try await MediaItem.find(kept.id, on: kindred.app.db) != nil)
            #expect(try await MediaItem.find(dropped.id, on: kindred.app.db) == nil)

            // Sent (a day later, so signed in afresh): the letter's photo is the book's, seen by
            // the friend, and kept as the book's.
            let adaNow = try await kindred.signIn(ada), graceNow = try await kindred.signIn(grace)
            #expect(try await kindred.send(.POST, "/memories/drafts/\(draft.id)/send", token: adaNow.accessToken).status == .ok)
            #expect(try await kindred.memoriesPage(draft.id, as: graceNow).media.map(\.id) == [kept.id])
            #expect(try await kindred.send(.GET, "/media/\(kept.id)", token: graceNow.accessToken).status == .ok)
            kindred.clock.advance(by: 25 * 3600)
            #expect(try await MediaSweeper(context: kindred.app.context).sweep() == 0)
            #expect(try await MediaItem.find(kept.id, on: kindred.app.db) != nil)
        }
    }

    @Test func onlyABooksMembersLearnAnythingOfIt() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let eve = try await kindred.signUp("eve")
            let bookID = try await kindred.befriend(ada, grace).book.id
            let letter = try await kindred.memoriesLetter(in: bookID, by: ada)
            let page = try await kindred.memoryPage(in: bookID, by: grace)
            let draft = try await kindred.memoriesDraft(in: bookID, by: ada, canvas: MemoriesSamples.letter("secret"))
            let operations = ["operations": [CanvasOperation(.add(MemoriesSamples.stroke("x")))]]
            let everyOperation: [(HTTPMethod, String, (any Encodable)?)] = [
                (.GET, "/memories/books/\(bookID)", nil),
                (.PATCH, "/memories/books/\(bookID)", ["title": "Mine now"]),
                (.POST, "/memories/books/\(bookID)/read", nil),
                (.GET, "/memories/books/\(bookID)/pages", nil),
                (.POST, "/memories/books/\(bookID)/pages", PageDraftBody(canvas: nil)),
                (.GET, "/memories/books/\(bookID)/drafts", nil),
                (.POST, "/memories/books/\(bookID)/drafts", PageDraftBody(canvas: nil)),
                (.GET, "/memories/pages/\(letter.id)", nil),
                (.GET, "/memories/pages/\(page.id)", nil),
                (.GET, "/memories/pages/\(draft.id)", nil),
                (.POST, "/memories/pages/\(page.id)/operations", operations),
                (.POST, "/memories/pages/\(page.id)/presence", ["editing": true]),
                (.PUT, "/memories/drafts/\(draft.id)?revision=1", Canvas()),
                (.POST, "/memories/drafts/\(draft.id)/send", nil),
                (.DELETE, "/memories/drafts/\(draft.id)", nil),
            ]
            // A stranger, and someone who blocked a member (who is then no member either).
            #expect(try await kindred.send(.POST, "/blocks", token: eve.accessToken, json: ["username": "ada"]).status == .created)
            for (method, path, body) in everyOperation {
                let response = try await kindred.send(method, path, token: eve.accessToken, json: body)
                #expect(response.status == .notFound, "stranger \(method) \(path): \(response.status)")
                #expect(!response.body.string.contains("secret"))
                let nobody = try await kindred.send(method, path, json: body)
                #expect(nobody.status == .unauthorized, "nobody \(method) \(path): \(nobody.status)")
            }
            // Nor does the book show on a stranger's shelf or among their friends.
            #expect(try await kindred.send(.GET, "/memories/books", token: eve.accessToken).decode(Schemas.MemoriesBookPage.self).items.isEmpty)
            // The friend does not see Ada's draft (404), but everything else (200 or 2xx).
            #expect(try await kindred.send(.GET, "/memories/pages/\(draft.id)", token: grace.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/memories/pages/\(letter.id)", token: grace.accessToken).status == .ok)
            // Untouched: the stranger's attempts changed nothing.
            #expect(try await kindred.send(.GET, "/memories/books/\(bookID)", token: ada.accessToken).decode(Schemas.MemoriesBook.self).title == "ada & grace")
            #expect(try await kindred.memoriesPage(draft.id, as: ada).state == .draft)
        }
    }

    @Test func aDeletedAccountsContentGoesAndTheFriendKeepsTheirs() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let bookID = try await kindred.befriend(ada, grace).book.id
            let adasLetter = try await kindred.memoriesLetter(in: bookID, by: ada, text: "From Ada")
            let gracesLetter = try await kindred.memoriesLetter(in: bookID, by: grace, text: "From Grace")
            _ = try await kindred.memoriesDraft(in: bookID, by: ada, canvas: MemoriesSamples.letter("unsent"))
            let adasPage = try await kindred.memoryPage(in: bookID, by: ada, canvas: Canvas(elements: [MemoriesSamples.text("a1", "Ada's words")]))
            let emptyOfGrace = try await kindred.memoryPage(in: bookID, by: ada, canvas: Canvas(elements: [MemoriesSamples.text("only", "Ada alone")]))
            #expect(try await kindred.applyMemories([CanvasOperation(.add(MemoriesSamples.stroke("g1")))], to: adasPage.id, by: grace).status == .ok)
            #expect(try await kindred.applyMemories([CanvasOperation(.add(MemoriesSamples.stroke("a2")))], to: adasPage.id, by: ada).status == .ok)

            #expect(try await kindred.send(.DELETE, "/me", token: ada.accessToken).status == .noContent)

            // Grace keeps her letter, and her stroke on the page Ada made, which is hers now.
            let book = try await kindred.send(.GET, "/memories/books/\(bookID)", token: grace.accessToken).decode(Schemas.MemoriesBook.self)
            #expect(book.archived && book.members.map(\.username) == ["grace"])
            let contents = try await kindred.send(.GET, "/memories/books/\(bookID)/pages", token: grace.accessToken)
                .decode(Schemas.MemoriesPageSummaryPage.self)
            #expect(contents.items.map(\.id) == [gracesLetter.id, adasPage.id])
            #expect(try await kindred.send(.GET, "/memories/pages/\(adasLetter.id)", token: grace.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/memories/pages/\(emptyOfGrace.id)", token: grace.accessToken).status == .notFound)
            let page = try await kindred.memoriesPage(adasPage.id, as: grace)
            #expect(page.canvas.elements.map(\.id) == ["g1"])
            #expect(page.author.username == "grace")
            // Nothing of Ada's is left in any Memories table.
            let db = kindred.app.db
            #expect(try await MemoriesPage.query(on: db).filter(\.$author.$id == ada.id).count() == 0)
            #expect(try await MemoriesPageOperation.query(on: db).filter(\.$author.$id == ada.id).count() == 0)
            #expect(try await MemoriesBookMember.query(on: db).filter(\.$user.$id == ada.id).count() == 0)
            #expect(try await MemoriesActivity.query(on: db).group(.or) { $0.filter(\.$actor.$id == ada.id).filter(\.$recipient.$id == ada.id) }.count() == 0)
            #expect(try await MemoriesFriendship.query(on: db).count() == 0)
            for stored in try await MemoriesPage.query(on: db).all() {
                #expect(!stored.content.contains("Ada") && !stored.elementAuthorsJSON.contains(ada.id.uuidString))
            }
        }
    }
}
