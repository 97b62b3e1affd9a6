import Fluent
import Foundation
import RinPolicy
import Vapor

/// `kindred seed-demo` for Rin. Ada's book comes from a small vCard import (run to the end here,
/// not in the background), so the demo shows what an import leaves: one sure duplicate merged
/// (undoable), two suggestions, one of which turns into a birthday conflict when merged. Her
/// Grace and Alan cards are linked to their Rin profiles; Grace is in her Family, Alan in her
/// Friends, and Alan has asked to see her address (on Ask for Friends). Ada also keeps a
/// Professional alternate; then the network of part 2 (`seedNetwork`). Run again, it adds nothing
/// twice.
enum RinDemo {
    static func seed(_ app: Application, people: [User]) async throws {
        let context = app.context
        let byName = Dictionary(uniqueKeysWithValues: people.map { ($0.username, $0) })
        guard let ada = byName["ada"], let grace = byName["grace"], let alan = byName["alan"] else { return }
        let (adaID, graceID, alanID) = (try ada.requireID(), try grace.requireID(), try alan.requireID())
        let profiles = RinProfileService(context: context)
        let adaBook = try await profiles.primary(of: adaID)
        let adaBookID = try adaBook.requireID()
        guard try await RinImport.query(on: app.db).filter(\.$profile.$id == adaBookID).count() == 0 else { return }
        let graceProfile = try await profiles.primary(of: graceID).requireID()
        let alanProfile = try await profiles.primary(of: alanID).requireID()

        for (kind, label, value) in [(RinFieldKind.phone, RinFieldLabel.mobile, "+44 20 7946 0018"), (.email, .home, "ada@demo.kindred.app"),
                                     (.address, .home, "12 St James's Square, London"), (.birthday, nil, "1815-12-10")] {
            let primary: Bool? = kind == .phone || kind == .email ? true : nil
            _ = try await profiles.addField(.init(kind: kind, label: label, value: value, isPrimary: primary), to: adaBookID, by: adaID)
        }
        let work = try await profiles.createAlternate(.init(kind: .professional, displayName: "A. Lovelace, Analyst",
                                                            bio: "Notes on the Analytical Engine.", discoverable: false), by: adaID)
        _ = try await profiles.addField(.init(kind: .email, label: .work, value: "analyst@engine.example", isPrimary: true),
                                        to: try work.requireID(), by: adaID)

        let upload = try await RinImportService(context: context).upload(Data(addressBook.utf8), fileName: "Ada's contacts.vcf",
                                                                          into: adaBookID, by: adaID)
        try await RinImportWorker(context: context).work(try upload.rinImport.requireID())

        let contacts = RinContactService(context: context)
        let book = try await contacts.allLive(in: adaBookID, by: adaID)
        if let card = book.first(where: { $0.displayName == "Grace Hopper" }) {
            _ = try await contacts.link(try card.requireID(), to: .username("grace"), by: adaID)
        }
        if let card = book.first(where: { $0.displayName == "Alan Turing" && $0.organization == "Bletchley Park" }) {
            _ = try await contacts.link(try card.requireID(), to: .username("alan"), by: adaID)
        }
        let circles = RinCircleService(context: context)
        let adaCircles = try await circles.circles(of: adaBookID)
        if let family = adaCircles.first(where: { $0.kind == .family }) {
            _ = try await circles.add(profiles: [graceProfile], contacts: [], to: try family.requireID(), by: adaID)
        }
        if let friends = adaCircles.first(where: { $0.kind == .friends }) {
            _ = try await circles.add(profiles: [alanProfile], contacts: [], to: try friends.requireID(), by: adaID)
        }
        if let graceFriends = try await circles.circles(of: graceProfile).first(where: { $0.kind == .friends }) {
            _ = try await circles.add(profiles: [adaBookID], contacts: [], to: try graceFriends.requireID(), by: graceID)
        }
        if let address = try await profiles.fields(of: adaBookID).first(where: { $0.kind == .address }) {
            _ = try await RinAskService(context: context).ask(adaBookID, field: RinFieldKey.field(try address.requireID()).description,
                                                              actingAs: nil, by: alanID)
        }
        try await seedNetwork(app, byName: byName)
    }

    /// Part 2's demo (docs/RIN-PART2.md §10 step 9): every link made by the people's own acts,
    /// as in use. Grace and Alan add Ada's card, Alan adds Grace's: the three are linked. Mary adds
    /// Ada's card and Katherine adds Grace's and Alan's, so Ada has a person only she bridges to
    /// (Mary) and one two hops away (Katherine), seen through Grace and Alan, who show how they
    /// connect people. Then the day's official score, a dispute Grace raises about Ada's address,
    /// and a sign-in from a device Ada has not used, so the Score tab and the security inbox have
    /// something to show.
    static func seedNetwork(_ app: Application, byName: [String: User]) async throws {
        let context = app.context
        guard let ada = byName["ada"], let grace = byName["grace"], let alan = byName["alan"] else { return }
        let profiles = RinProfileService(context: context)
        let shares = RinShareService(context: context)
        func card(of user: User) async throws -> String {
            let userID = try user.requireID()
            return try await shares.link(of: try await profiles.primary(of: userID).requireID(), by: userID).token
        }
        let adaCard = try await card(of: ada), graceCard = try await card(of: grace), alanCard = try await card(of: alan)
        var adds: [(User, String)] = [(grace, adaCard), (alan, adaCard), (alan, graceCard)]
        if let mary = byName["mary"] { adds.append((mary, adaCard)) }
        if let katherine = byName["katherine"] { adds += [(katherine, graceCard), (katherine, alanCard)] }
        for (holder, token) in adds {
            _ = try await shares.add(token, actingAs: nil, by: try holder.requireID())
        }
        for person in [grace, alan] {
            _ = try await profiles.updateSettings(of: try person.requireID(), defaultRegion: nil, showsConnections: true)
        }
        _ = try await RinScoreJob.run(context)

        let adaBook = try await profiles.primary(of: try ada.requireID())
        if let address = try await profiles.fields(of: try adaBook.requireID()).first(where: { $0.kind == .address }) {
            let statement = "Ada left St James's Square last spring; this address now reaches her old landlord."
            _ = try await RinDisputeService(context: context).open(
                against: try adaBook.requireID(),
                .init(fieldKey: RinFieldKey.field(try address.requireID()).description, statement: statement, evidence: []),
                actingAs: nil, by: try grace.requireID())
        }
        try await AccountAlert(userID: try ada.requireID(), kind: .newDevice, device: "Firefox on Linux", sessionID: nil,
                               at: context.now).create(on: app.db)
    }

    /// Ada's address book as her phone would export it: a sure duplicate of Grace (same e-mail,
    /// same name), Charles twice with different birthdays (a suggestion that brings a conflict),
    /// Alan twice with no shared number but the same name and birthday (a suggestion).
    static let addressBook = """
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Hopper;Grace;;;\r
    FN:Grace Hopper\r
    ORG:US Navy\r
    EMAIL;TYPE=WORK:grace.hopper@navy.example\r
    TEL;TYPE=CELL:+1 202 555 0101\r
    BDAY:1906-12-09\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Hopper;Grace;;;\r
    FN:Grace Hopper\r
    EMAIL;TYPE=HOME:grace.hopper@navy.example\r
    TEL;TYPE=HOME:+1 202 555 0199\r
    NOTE:Met at the Harvard Computation Lab.\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Babbage;Charles;;;\r
    FN:Charles Babbage\r
    EMAIL:charles@engine.example\r
    BDAY:1791-12-26\r
    ORG:Analytical Engines\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Babbage;Charles;;;\r
    FN:Charles Babbage\r
    EMAIL:charles@engine.example\r
    BDAY:1791-12-27\r
    TEL;TYPE=WORK:+44 20 7946 0500\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Turing;Alan;;;\r
    FN:Alan Turing\r
    ORG:Bletchley Park\r
    EMAIL:alan@bletchley.example\r
    TEL:+44 20 7946 0958\r
    BDAY:1912-06-23\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Turing;Alan;;;\r
    FN:Alan Turing\r
    ORG:University of Manchester\r
    EMAIL:turing@manchester.example\r
    BDAY:1912-06-23\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Somerville;Mary;;;\r
    FN:Mary Somerville\r
    EMAIL:mary@somerville.example\r
    TEL;TYPE=HOME:+44 131 496 0000\r
    ADR;TYPE=HOME:;;Chelsea;London;;;United Kingdom\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Johnson;Katherine;;;\r
    FN:Katherine Johnson\r
    ORG:NASA Langley\r
    EMAIL:katherine@langley.example\r
    TEL;TYPE=WORK:+1 757 555 0142\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Lamarr;Hedy;;;\r
    FN:Hedy Lamarr\r
    EMAIL:hedy@frequency.example\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Noether;Emmy;;;\r
    FN:Emmy Noether\r
    EMAIL:emmy@goettingen.example\r
    TEL:+49 551 555 0123\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:du Châtelet;Émilie;;;\r
    FN:Émilie du Châtelet\r
    EMAIL:emilie@cirey.example\r
    END:VCARD\r
    BEGIN:VCARD\r
    VERSION:3.0\r
    N:Ramanujan;Srinivasa;;;\r
    FN:Srinivasa Ramanujan\r
    TEL:+91 44 5555 0123\r
    END:VCARD\r

    """
}
