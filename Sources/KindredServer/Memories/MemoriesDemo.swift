import Fluent
import Foundation
import MemoriesCanvas
import Vapor

/// `kindred seed-demo` for Memories: ada and grace are friends with a book holding two letters
/// and a memory page with ink, a photo and text; alan has asked ada to be friends. Run again, it
/// adds nothing twice.
enum MemoriesDemo {
    static func seed(_ app: Application, people: [User]) async throws {
        let context = app.context
        let byName = Dictionary(uniqueKeysWithValues: people.map { ($0.username, $0) })
        guard let ada = byName["ada"], let grace = byName["grace"], let alan = byName["alan"] else { return }
        let adaID = try ada.requireID(), graceID = try grace.requireID()
        let friends = MemoriesFriendService(context: context)
        guard try await MemoriesFriendService.friendship(MemoriesPair(adaID, graceID), on: app.db) == nil else { return }
        _ = try await friends.send(to: "grace", by: adaID)
        let (friendship, _) = try await friends.accept(from: "ada", by: graceID)
        _ = try await friends.send(to: "ada", by: try alan.requireID())
        let bookID = friendship.$book.id

        let pages = MemoriesPageService(context: context)
        for (author, text) in [(adaID, "Dear Grace,\n\nThe engine weaves algebraic patterns as the loom weaves flowers and leaves. Come and see it run.\n\nAda"),
                               (graceID, "Ada,\n\nWe found a moth in relay 70 today and taped it into the log. First actual case of a bug being found!\n\nGrace")] {
            let draft = try await pages.createDraft(in: bookID, canvas: letter(text), by: author)
            _ = try await pages.send(draft: try draft.page.requireID(), by: author)
        }

        let photo = try await MediaService(context: context).upload(KinnectDemo.draw(.sea, width: 600, height: 450, seed: 4), by: graceID)
        let page = try await pages.createMemoryPage(in: bookID, canvas: Canvas(paper: .dotted), by: adaID)
        let operations = MemoriesOperationService(context: context)
        _ = try await operations.apply([
            CanvasOperation(.add(CanvasElement(id: "title", z: 2, frame: CanvasFrame(x: 80, y: 70, width: 840, height: 110),
                content: .text(.init(text: "The harbour trip", font: .hand, size: 72, color: "#1f3a5f", align: .center))))),
            CanvasOperation(.add(CanvasElement(id: "wave", z: 3, frame: CanvasFrame(x: 120, y: 1060, width: 760, height: 160),
                content: .ink(.init(tool: .pen, color: "#2a6f97", width: 6, points: wave()))))),
        ], to: try page.page.requireID(), by: adaID)
        _ = try await operations.apply([
            CanvasOperation(.add(CanvasElement(id: "harbour", z: 1, frame: CanvasFrame(x: 150, y: 240, width: 700, height: 525), rotation: -3,
                content: .photo(.init(mediaId: try photo.requireID()))))),
            CanvasOperation(.add(CanvasElement(id: "caption", z: 4, frame: CanvasFrame(x: 150, y: 800, width: 700, height: 120),
                content: .text(.init(text: "Dusk from the deck — you drew the waves.", font: .serif, size: 40, color: "#333333", align: .center))))),
        ], to: try page.page.requireID(), by: graceID)
    }

    /// A letter page: the text in a hand on lined paper.
    static func letter(_ text: String) -> Canvas {
        Canvas(paper: .lined, elements: [
            CanvasElement(id: "body", z: 1, frame: CanvasFrame(x: 90, y: 110, width: 820, height: 1180),
                          content: .text(.init(text: text, font: .hand, size: 44, color: "#1b1b3a", align: .left))),
        ])
    }

    /// A drawn wave across its frame, with the pressure swelling in the middle.
    static func wave() -> [InkPoint] {
        (0...120).map { step in
            let x = Double(step) / 120
            return InkPoint(x: x, y: 0.5 + 0.4 * sin(x * .pi * 6), pressure: 0.3 + 0.5 * sin(x * .pi), t: Double(step) * 12)
        }
    }
}
