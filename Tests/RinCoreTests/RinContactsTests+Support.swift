import Foundation
import HTTPTypes
import KindredTestSupport
import NIOConcurrencyHelpers
import OpenAPIRuntime
import RinContacts
import Testing
@testable import KindredServer

/// One person signed in on one device, with Rin's context over the real server.
@MainActor
struct RinContactsDevice {
    let session: KindredSession
    let context: RinContext
    let network: FlakyNetwork

    /// Signs up (`signUp`) or in, and starts Rin: settings and profiles read and kept in `store`.
    static func make(_ kindred: TestKindred, _ username: String, signUp: Bool = true, store: RinStore? = nil) async throws -> RinContactsDevice {
        let network = FlakyNetwork()
        let session = KindredSession(serverURL: try #require(kindred.baseURL), transport: network,
                                     retryPolicy: .init(maximumAttempts: 2, baseDelay: .milliseconds(5)))
        if signUp {
            try await session.signUp(email: "\(username)@example.com", password: "correct horse \(username)", username: username)
        } else {
            try await session.signIn(email: "\(username)@example.com", password: "correct horse \(username)")
        }
        let context = RinContext(session: session, store: store ?? RinStore(directory: nil), queue: RinMutationQueue(session: session, file: nil))
        await context.start()
        #expect(context.profileID != nil, "\(context.error ?? "")")
        return RinContactsDevice(session: session, context: context, network: network)
    }

    var profileID: UUID {
        get throws { try #require(context.profileID) }
    }

    /// Waits until this account has `count` realtime connections open.
    func listening(_ kindred: TestKindred, count: Int) async throws {
        let user = try #require(await session.userID)
        try await eventually { await kindred.app.kindred.hub.connectionCount(for: user) == count }
    }

    @discardableResult
    func contact(_ draft: RinContactDraft) async throws -> RinContactDetail {
        try await session.createRinContact(in: try profileID, draft)
    }
}

enum RinContactsFixtures {
    static func card(_ lines: String) -> String {
        "BEGIN:VCARD\r\nVERSION:3.0\r\n" + lines.split(separator: "\n").joined(separator: "\r\n") + "\r\nEND:VCARD\r\n"
    }

    /// Nine cards, as the server's import tests have them: Ada twice (the same e-mail however
    /// spelt, the same name: sure), Grace twice (the same phone, "G." for Grace: sure), two Alan
    /// Turings at Bletchley with no phone or e-mail (probable), Charles twice with the same phone
    /// and two birthdays (probable; merging them leaves a conflict), and Mary once.
    static let book = Data([
        card("N:Lovelace;Ada;;;\nFN:Ada Lovelace\nEMAIL;TYPE=HOME:ada@engine.example\nBDAY:1815-12-10"),
        card("N:Hopper;Grace;;;\nFN:Grace Hopper\nTEL;TYPE=CELL:+1 202 555 0101"),
        card("N:Turing;Alan;;;\nFN:Alan Turing\nORG:Bletchley Park"),
        card("N:Babbage;Charles;;;\nFN:Charles Babbage\nTEL;TYPE=HOME:+44 20 7946 0958\nBDAY:1791-12-26"),
        card("N:Somerville;Mary;;;\nFN:Mary Somerville\nEMAIL:mary@example.org"),
        card("N:Lovelace;Ada;;;\nFN:Ada Lovelace\nEMAIL;TYPE=WORK:ADA@Engine.Example\nTEL:+1 202 555 0199"),
        card("N:Hopper;G.;;;\nFN:G. Hopper\nTEL:(202) 555-0101\nORG:US Navy"),
        card("N:Turing;Alan;;;\nFN:Alan Turing\nORG:Bletchley Park\nNOTE:the other card"),
        card("N:Babbage;Charles;;;\nFN:Charles Babbage\nTEL:+44 (0)20 7946 0958\nBDAY:1792-12-26"),
    ].joined().utf8)

    /// Imports the book through the model and waits (asking the server, not the socket) for it to end.
    @MainActor
    static func imported(_ device: RinContactsDevice) async throws -> Components.Schemas.RinImport {
        let model = ImportModel(context: device.context)
        let started = try #require(await model.start(file: book, name: "book.vcf"), "\(model.fileError ?? "")")
        try await eventually(timeout: .seconds(180)) {
            let now = try await device.session.rinImport(started.id)
            return now.phase == .done || now.phase == .failed
        }
        await model.refresh()
        let done = try #require(model.current)
        #expect(done.phase == .done, "\(done)")
        return done
    }
}
