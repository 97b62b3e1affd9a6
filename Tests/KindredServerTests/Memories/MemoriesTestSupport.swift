import Foundation
import KindredAPI
import KindredTestSupport
import MemoriesCanvas
import Testing
import VaporTesting
@testable import KindredServer

/// What the Memories tests do over and over, as the web client and the SDK do it.
extension TestKindred {
    typealias MemoriesSchemas = Components.Schemas

    /// `one` asks `other`, who accepts: they are friends with a book.
    func befriend(_ one: TestUser, _ other: TestUser) async throws -> MemoriesSchemas.MemoriesFriend {
        let asked = try await send(.POST, "/memories/friend-requests", token: one.accessToken, json: ["username": other.username])
        #expect(asked.status == .created, "\(asked.body.string)")
        let accepted = try await send(.POST, "/memories/friend-requests/\(one.username)/accept", token: other.accessToken)
        #expect(accepted.status == .ok, "\(accepted.body.string)")
        return try accepted.decode(MemoriesSchemas.MemoriesFriend.self)
    }

    func memoriesDraft(in bookID: UUID, by user: TestUser, canvas: Canvas? = nil) async throws -> MemoriesSchemas.MemoriesPageDetail {
        let response = try await send(.POST, "/memories/books/\(bookID)/drafts", token: user.accessToken, json: PageDraftBody(canvas: canvas))
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decode(MemoriesSchemas.MemoriesPageDetail.self)
    }

    func saveMemoriesDraft(_ draftID: UUID, revision: Int, canvas: Canvas, by user: TestUser) async throws -> TestingHTTPResponse {
        try await send(.PUT, "/memories/drafts/\(draftID)?revision=\(revision)", token: user.accessToken, json: canvas)
    }

    /// A letter written and sent in one go.
    func memoriesLetter(in bookID: UUID, by user: TestUser, text: String = "Dear friend") async throws -> MemoriesSchemas.MemoriesPageDetail {
        let draft = try await memoriesDraft(in: bookID, by: user, canvas: MemoriesSamples.letter(text))
        let sent = try await send(.POST, "/memories/drafts/\(draft.id)/send", token: user.accessToken)
        #expect(sent.status == .ok, "\(sent.body.string)")
        return try sent.decode(MemoriesSchemas.MemoriesPageDetail.self)
    }

    func memoryPage(in bookID: UUID, by user: TestUser, canvas: Canvas? = nil) async throws -> MemoriesSchemas.MemoriesPageDetail {
        let response = try await send(.POST, "/memories/books/\(bookID)/pages", token: user.accessToken, json: PageDraftBody(canvas: canvas))
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decode(MemoriesSchemas.MemoriesPageDetail.self)
    }

    func applyMemories(_ operations: [CanvasOperation], to pageID: UUID, by user: TestUser) async throws -> TestingHTTPResponse {
        try await send(.POST, "/memories/pages/\(pageID)/operations", token: user.accessToken, json: ["operations": operations])
    }

    func memoriesPage(_ pageID: UUID, as user: TestUser) async throws -> MemoriesSchemas.MemoriesPageDetail {
        let response = try await send(.GET, "/memories/pages/\(pageID)", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(MemoriesSchemas.MemoriesPageDetail.self)
    }
}

struct PageDraftBody: Encodable {
    var canvas: Canvas?
}

enum MemoriesSamples {
    static func letter(_ text: String) -> Canvas {
        Canvas(paper: .lined, elements: [
            CanvasElement(id: "body", z: 1, frame: CanvasFrame(x: 90, y: 110, width: 820, height: 600),
                          content: .text(.init(text: text, font: .hand, size: 40))),
        ])
    }

    static func stroke(_ id: String, points: Int = 20, z: Int = 0) -> CanvasElement {
        CanvasElement(id: id, z: z, frame: CanvasFrame(x: 100, y: 100, width: 400, height: 200),
                      content: .ink(.init(tool: .pen, color: "#223344", width: 5,
                                          points: (0..<points).map { InkPoint(x: Double($0 % 100) / 100, y: 0.5, pressure: 0.6, t: Double($0) * 8) })))
    }

    static func text(_ id: String, _ words: String) -> CanvasElement {
        CanvasElement(id: id, z: 2, frame: CanvasFrame(x: 100, y: 800, width: 600, height: 100),
                      content: .text(.init(text: words, font: .serif, size: 36)))
    }
}

extension RealtimeClient {
    /// The next event `pick` recognises, skipping the others (presence, activity), up to `limit` events.
    func next<T>(_ pick: (Components.Schemas.RealtimeEvent) -> T?, limit: Int = 20) async throws -> T {
        for _ in 0..<limit {
            if let found = pick(try await next()) { return found }
        }
        throw RealtimeTimeout()
    }
}
