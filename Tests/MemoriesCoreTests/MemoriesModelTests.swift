import Fluent
import Foundation
import KindredTestSupport
import MemoriesCore
import Testing
@testable import KindredServer

/// Memories' models over the SDK, against a real server running in-process.
@MainActor
@Suite("Memories models")
struct MemoriesModelTests {
    static func people(_ kindred: TestKindred) async throws -> (ada: KindredSession, grace: KindredSession) {
        let baseURL = try #require(kindred.baseURL)
        let ada = KindredSession(serverURL: baseURL)
        let grace = KindredSession(serverURL: baseURL)
        try await ada.signUp(email: "ada@example.com", password: "analytical", username: "ada", displayName: "Ada")
        try await grace.signUp(email: "grace@example.com", password: "cobol-1959", username: "grace", displayName: "Grace")
        return (ada, grace)
    }

    static func stroke(_ id: String, _ x: Double) -> CanvasElement {
        CanvasElement(id: id, z: 1, frame: CanvasFrame(x: x, y: 200, width: 200, height: 100),
                      content: .ink(.init(points: (0..<30).map { InkPoint(x: Double($0) / 30, y: 0.5, pressure: 0.5, t: Double($0) * 10) })))
    }

    @Test func aRequestAcceptedOnOneSidePutsTheBookOnBothShelvesLive() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            let adaFriends = FriendsModel(session: ada), graceFriends = FriendsModel(session: grace)
            let adaShelf = ShelfModel(session: ada), graceShelf = ShelfModel(session: grace)
            for model in [adaFriends, graceFriends] { await model.load() }
            for shelf in [adaShelf, graceShelf] { await shelf.load() }
            let listening = [Task { await graceFriends.followChanges() }, Task { await adaShelf.followChanges() }, Task { await graceShelf.followChanges() }]
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await grace.userID)) == 2 }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }

            await adaFriends.ask("nobody_at_all")
            #expect(adaFriends.error != nil && adaFriends.outgoing.isEmpty)
            await adaFriends.ask("grace")
            #expect(adaFriends.outgoing.map(\.profile.username) == ["grace"] && adaFriends.error == nil)
            try await eventually { await MainActor.run { graceFriends.incoming.map(\.profile.username) == ["ada"] } }

            await graceFriends.accept(try #require(graceFriends.incoming.first))
            #expect(graceFriends.friends.map(\.profile.username) == ["ada"] && graceFriends.incoming.isEmpty)
            try await eventually { await MainActor.run { adaShelf.books.count == 1 && graceShelf.books.count == 1 } }
            #expect(adaShelf.books.first?.id == graceShelf.books.first?.id)
            #expect(adaShelf.books.first?.title == "Ada & Grace")
            listening.forEach { $0.cancel() }
        }
    }

    @Test func aLetterIsSavedAsItIsWrittenResumedElsewhereAndSentForGood() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            _ = try await ada.askToBeFriends("grace")
            let bookID = try await grace.acceptFriendRequest(from: "ada").book.id

            let composer = LetterComposerModel(session: ada, bookID: bookID)
            await composer.start()
            let text = CanvasElement(id: "t", frame: CanvasFrame(x: 80, y: 100, width: 800, height: 300),
                                     content: .text(.init(text: "Dear Grace", font: .hand, size: 44)))
            #expect(composer.perform([CanvasOperation(.add(text))]))
            #expect(composer.saveState == .unsaved)
            #expect(!composer.perform([CanvasOperation(.update(elementID: "t", CanvasChanges(size: 9_000)))]), "a size past the bounds is refused here")
            await composer.save()
            #expect(composer.saveState == .saved && composer.revision == 2)

            // On "another device": the same draft, a change saved there first.
            let tablet = LetterComposerModel(session: ada, bookID: bookID)
            await tablet.resume(try #require(composer.draftID))
            #expect(tablet.canvas == composer.canvas)
            tablet.perform([CanvasOperation(.update(elementID: "t", CanvasChanges(text: "Dearest Grace")))])
            await tablet.save()
            composer.perform([CanvasOperation(.update(elementID: "t", CanvasChanges(color: "#aa0000")))])
            await composer.save()
            #expect(composer.saveState == .changedElsewhere, "the older copy never overwrites")
            await composer.resume(try #require(composer.draftID))

            // Undo and redo, then send.
            composer.perform([CanvasOperation(.add(Self.stroke("ink", 100)))])
            composer.undo()
            #expect(composer.canvas.element("ink") == nil)
            composer.redo()
            #expect(composer.canvas.element("ink") != nil)
            await composer.send()
            #expect(composer.saveState == .sent && composer.sentLetter?.state == .sent)
            #expect(!composer.perform([CanvasOperation(.delete(elementID: "t"))]))
            let delivered = try await grace.page(try #require(composer.draftID))
            #expect(delivered.canvas == composer.canvas)
            guard case .text(let words)? = delivered.canvas.element("t")?.content else { Issue.record("no text"); return }
            #expect(words.text == "Dearest Grace")

            // The book opens on its first page, marked read.
            let book = BookModel(session: grace, bookID: bookID)
            await book.open()
            #expect(book.contents.map(\.id) == [delivered.id] && book.loaded[delivered.id] != nil)
            #expect(try await grace.book(bookID).unreadLetters == 0)
        }
    }

    @Test func twoEditorsDrawingAtOnceConvergeOnTheServersPage() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            _ = try await ada.askToBeFriends("grace")
            let bookID = try await grace.acceptFriendRequest(from: "ada").book.id
            let pageID = try await ada.createMemoryPage(in: bookID).id

            let adaEditor = PageEditorModel(session: ada, pageID: pageID)
            let graceEditor = PageEditorModel(session: grace, pageID: pageID)
            await adaEditor.load()
            await graceEditor.load()
            let listening = [Task { await adaEditor.followChanges() }, Task { await graceEditor.followChanges() }]
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await grace.userID)) == 1 }

            // Both draw, move and restyle at once, on shared elements too.
            for round in 0..<5 {
                adaEditor.perform([CanvasOperation(.add(Self.stroke("a\(round)", Double(round) * 20)))])
                graceEditor.perform([CanvasOperation(.add(Self.stroke("g\(round)", Double(round) * 30)))])
                if round > 0 {
                    adaEditor.perform([CanvasOperation(.update(elementID: "g\(round - 1)", CanvasChanges(color: "#ff0000")))])
                    graceEditor.perform([CanvasOperation(.update(elementID: "g\(round - 1)", CanvasChanges(color: "#0000ff", width: 9)))])
                    graceEditor.perform([CanvasOperation(.delete(elementID: "a\(round - 1)"))])
                }
                async let one: Void = adaEditor.flush()
                async let two: Void = graceEditor.flush()
                _ = await (one, two)
            }
            adaEditor.undo()
            await adaEditor.flush()

            let server = try await ada.page(pageID)
            try await eventually {
                await MainActor.run {
                    adaEditor.seq == server.seq && graceEditor.seq == server.seq && adaEditor.pending.isEmpty && graceEditor.pending.isEmpty
                }
            }
            #expect(adaEditor.canvas == server.canvas)
            #expect(graceEditor.canvas == server.canvas)
            #expect(server.seq == 2 + 4 * 5 + 1, "every operation of both, and the undo, each numbered once")
            #expect(server.canvas.element("a4") != nil && server.canvas.element("a3") == nil)
            listening.forEach { $0.cancel() }
        }
    }

    @Test func operationsSentAgainAfterALostAnswerAreNotAppliedTwice() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            _ = try await ada.askToBeFriends("grace")
            let bookID = try await grace.acceptFriendRequest(from: "ada").book.id
            let pageID = try await ada.createMemoryPage(in: bookID).id
            let editor = PageEditorModel(session: ada, pageID: pageID)
            await editor.load()
            let grow = CanvasOperation(.add(Self.stroke("s", 0)))
            let more = CanvasOperation(.appendPoints(elementID: "s", [InkPoint(x: 1, y: 1, pressure: 1, t: 400)]))
            editor.perform([grow, more])
            // The queue reached the server, but the answer was lost (the phone went offline):
            let first = try await ada.apply(editor.pending, to: pageID)
            #expect(first.seq == 2)
            // Back online, the model sends its queue again, the same operations.
            await editor.flush()
            #expect(editor.saveState == .saved && editor.pending.isEmpty && editor.seq == 2)
            let page = try await grace.page(pageID)
            #expect(page.seq == 2 && page.canvas.pointCount == 31, "the appended point is there once")
            #expect(editor.canvas == page.canvas)
        }
    }

    @Test func aLongBookOpensAnywhereAndFollowsPagesChangesAndItsTitleLive() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            _ = try await ada.askToBeFriends("grace")
            let bookID = try await grace.acceptFriendRequest(from: "ada").book.id
            var pageIDs: [UUID] = []
            for index in 0..<53 {
                let canvas = Canvas(elements: [Self.stroke("p\(index)", Double(index))])
                pageIDs.append(try await grace.createMemoryPage(in: bookID, canvas: canvas).id)
            }

            // Opens on its first spread with only the first 50 of the contents read…
            let book = BookModel(session: ada, bookID: bookID)
            await book.open()
            #expect(book.contents.count == 50 && book.hasMoreContents && !book.isReadOnly)
            #expect(book.visible.map(\.id) == Array(pageIDs[0..<2]))
            // …and an activity item about page 53 opens there, on the spread it belongs to.
            await book.go(to: pageIDs[52])
            #expect(book.contents.count == 53 && !book.hasMoreContents)
            #expect(book.position == 52 && book.visible.map(\.id) == [pageIDs[52]])
            await book.go(to: pageIDs[7])
            #expect(book.position == 6, "a spread starts on an even page")
            #expect(book.loaded[pageIDs[7]] != nil)

            let listening = Task { await book.followChanges() }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }
            // The friend draws on a page on screen: the loaded page follows.
            _ = try await grace.apply([CanvasOperation(.add(Self.stroke("late", 400)))], to: pageIDs[7])
            try await eventually { await MainActor.run { book.loaded[pageIDs[7]]?.canvas.element("late") != nil } }
            // A page the friend adds, and one I add on my other device, join the end once each.
            let fromGrace = try await grace.createMemoryPage(in: bookID).id
            let adaTablet = KindredSession(serverURL: try #require(kindred.baseURL))
            try await adaTablet.signIn(email: "ada@example.com", password: "analytical")
            let fromTablet = try await adaTablet.createMemoryPage(in: bookID).id
            try await eventually { await MainActor.run { Array(book.contents.suffix(2).map(\.id)) == [fromGrace, fromTablet] } }
            #expect(book.contents.count == 55)
            // A page made here joins at once and the book turns to it; its event adds nothing more.
            let mine = try await ada.createMemoryPage(in: bookID)
            await book.added(mine)
            #expect(book.contents.last?.id == mine.id && book.visible.map(\.id).contains(mine.id) && book.loaded[mine.id] != nil)
            try await eventually { await MainActor.run { book.book?.pageCount == 56 } }
            #expect(book.contents.count == 56)
            // A new title from the friend shows; unfriending makes the book read-only.
            _ = try await grace.updateBook(bookID, title: "Our year")
            try await eventually { await MainActor.run { book.book?.title == "Our year" } }
            try await grace.unfriend("ada")
            try await eventually { await MainActor.run { book.isReadOnly } }
            listening.cancel()
        }
    }

    @Test func draftsAndActivityArePagedDiscardedAndMarkedRead() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            _ = try await ada.askToBeFriends("grace")
            let bookID = try await grace.acceptFriendRequest(from: "ada").book.id
            let first = try await ada.createDraft(in: bookID).id
            let second = try await ada.createDraft(in: bookID).id

            let drafts = DraftsModel(session: ada, bookID: bookID)
            await drafts.load()
            #expect(Set(drafts.drafts.map(\.id)) == [first, second])
            await drafts.discard(try #require(drafts.drafts.first { $0.id == first }))
            #expect(drafts.drafts.map(\.id) == [second] && drafts.error == nil)
            #expect(try await ada.drafts(in: bookID).items.map(\.id) == [second])

            // Grace's request was accepted (an item for Ada), then two pages from Grace arrive live.
            let activity = MemoriesActivityModel(session: ada)
            await activity.load()
            let before = activity.unreadCount
            #expect(before == activity.items.filter(\.unread).count && before >= 1)
            let listening = Task { await activity.followChanges() }
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: try #require(await ada.userID)) == 1 }
            _ = try await grace.createMemoryPage(in: bookID)
            _ = try await grace.createMemoryPage(in: bookID)
            try await eventually { await MainActor.run { activity.unreadCount == before + 2 } }
            // Opening the book (here, or on another device) reads its activity with it; the
            // badge hears of it. Opening it again with nothing new writes nothing.
            let book = BookModel(session: ada, bookID: bookID)
            await book.open()
            try await eventually { await MainActor.run { activity.unreadCount == 0 } }
            let adaID = try #require(await ada.userID)
            let member = { try await MemoriesBookMember.query(on: kindred.app.db).filter(\.$book.$id == bookID)
                .filter(\.$user.$id == adaID).first()?.readThrough }
            let readThrough = try await member()
            await book.open()
            #expect(try await member() == readThrough && readThrough != nil)
            await activity.markRead()
            #expect(activity.unreadCount == 0 && activity.items.allSatisfy { !$0.unread })
            #expect(try await ada.memoriesActivityUnread() == 0)
            listening.cancel()
        }
    }

    @Test func aPageNearTheSizeLimitIsSavedFromTheSDKAsItIsStored() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, grace) = try await Self.people(kindred)
            _ = try await ada.askToBeFriends("grace")
            let bookID = try await grace.acceptFriendRequest(from: "ada").book.id
            // 80 strokes of 1,000 points as a pen samples them: about 1.9 MB stored, under the
            // 2 MiB a page may be. The SDK must send it as compactly as it is stored (pretty-
            // printed, it was three times the size and refused before it was read).
            func stroke(_ index: Int) -> CanvasElement {
                var points: [InkPoint] = []
                for point in 0..<1_000 {
                    let y = Double(index) / 80 + Double(point % 7) / 1_000
                    points.append(InkPoint(x: Double(point % 400) / 400, y: y, pressure: Double(3 + point % 5) / 10, t: Double(point * 8)))
                }
                return CanvasElement(id: "s\(index)", z: index, frame: CanvasFrame(x: 50, y: 50, width: 900, height: 1300),
                                     content: .ink(.init(points: points)))
            }
            let strokes = (0..<80).map(stroke)
            let canvas = Canvas(paper: .lined, elements: strokes)
            let stored = try canvas.encoded().count
            #expect(stored > 1_800_000 && stored < CanvasLimits.bytes, "\(stored) bytes")
            let draft = try await ada.createDraft(in: bookID)
            #expect(try await ada.saveDraft(draft.id, canvas: canvas, revision: draft.revision) == draft.revision + 1)
            #expect(try await ada.page(draft.id).canvas == canvas)
        }
    }
}
