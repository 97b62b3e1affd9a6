import Foundation
import KindredTestSupport
import RinCircles
import RinCore
import Testing

/// Who sees what: the policy grid edited on the device, saved all at once, reset, and how a
/// person in several circles is resolved, against the real server.
extension RinCirclesTests {
    /// A profile with a field of every kind: a primary mobile, a work phone, a primary home
    /// e-mail, a work e-mail, a home address, a birthday and a LinkedIn account.
    static func fields(of ada: KindredSession, _ profile: UUID) async throws -> [String: RinProfileField] {
        let drafts: [(String, RinProfileFieldDraft)] = [
            ("mobile", .init(kind: .phone, label: .mobile, value: "+1 202 555 0143")),
            ("workPhone", .init(kind: .phone, label: .work, value: "+1 202 555 0199")),
            ("home", .init(kind: .email, label: .home, value: "ada@example.com")),
            ("workMail", .init(kind: .email, label: .work, value: "ada@engine.example")),
            ("address", .init(kind: .address, label: .home, value: "12 St James's Square, London")),
            ("birthday", .init(kind: .birthday, value: "1815-12-10")),
            ("linkedin", .init(kind: .social, label: .linkedin, value: "in/ada-lovelace")),
        ]
        var fields: [String: RinProfileField] = [:]
        for (name, draft) in drafts { fields[name] = try await ada.addRinField(to: profile, draft) }
        return fields
    }

    static func circleIDs(_ model: PolicyGridModel) -> [RinCircleKind: UUID] {
        Dictionary(model.circles.map { ($0.kind, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func twoCellsChangedOnTheDeviceAreSavedAtOnceAndReadBackTheSame() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, _) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let fields = try await Self.fields(of: ada, profile)
            let mobile = try #require(fields["mobile"]), workMail = try #require(fields["workMail"])
            let model = PolicyGridModel(context: context)
            await model.load()

            #expect(model.error == nil)
            let keys = ["mobile", "workPhone", "home", "workMail", "address", "birthday", "linkedin"].compactMap { fields[$0]?.key }
            #expect(model.fields.map(\.key) == ["name", "photo", "bio"] + keys)
            #expect(model.circles.map(\.kind) == [.contacts, ._public, .family, .friends, .colleagues])
            #expect(model.values[mobile.key] == "+12025550143")
            #expect(model.values["name"] == "Ada Lovelace")
            let ids = Self.circleIDs(model)
            let friends = try #require(ids[.friends]), colleagues = try #require(ids[.colleagues])
            @MainActor func row(_ circle: UUID) -> [RinAccess] { model.fields.map { model.access(field: $0.key, circle: circle) } }

            // The server's defaults are what the device's copy of the templates says, cell by cell.
            #expect(row(friends) == [.allow, .allow, .ask, .allow, .ask, .allow, .ask, .ask, .ask, .ask])
            #expect(row(colleagues) == [.allow, .deny, .deny, .deny, .allow, .deny, .allow, .deny, .deny, .deny])
            var templateCells = 0
            for field in model.fields {
                for circle in model.circles where model.isTemplate(field: field.key, circle: circle.id) {
                    #expect(model.templateAccess(field: field.key, circle: circle.id) == model.access(field: field.key, circle: circle.id))
                    templateCells += 1
                }
            }
            #expect(templateCells == 50)
            #expect(!model.hasChanges)

            // act: the bio opened to Colleagues, the mobile on Ask for Friends; a cell tapped
            // round to where it was is no change.
            model.set(.allow, field: "bio", circle: colleagues)
            model.set(.ask, field: mobile.key, circle: friends)
            for _ in 0..<3 { model.cycle(field: "photo", circle: friends) }
            model.set(.ask, field: workMail.key, circle: friends)
            #expect(model.pendingCells == [.init(circleID: friends, fieldKey: mobile.key), .init(circleID: colleagues, fieldKey: "bio")])
            #expect(model.changes == [.init(circleId: friends, fieldKey: mobile.key, access: .ask),
                                      .init(circleId: colleagues, fieldKey: "bio", access: .allow)])
            #expect(model.isChanged(field: "bio", circle: colleagues))
            #expect(!model.isTemplate(field: "bio", circle: colleagues))
            #expect(await model.save())

            // validate
            #expect(!model.hasChanges)
            #expect(model.error == nil)
            #expect(model.access(field: "bio", circle: colleagues) == .allow)
            #expect(!model.isTemplate(field: mobile.key, circle: friends))
            let server = try await ada.rinPolicyGrid(of: profile)
            #expect(server.cells.filter { !$0.isTemplate }.count == 2)
            for cell in server.cells {
                #expect(model.access(field: cell.fieldKey, circle: cell.circleId) == cell.access)
                #expect(model.isTemplate(field: cell.fieldKey, circle: cell.circleId) == cell.isTemplate)
            }
            let reread = PolicyGridModel(context: context)
            await reread.load()
            for field in model.fields {
                #expect(model.circles.map { reread.access(field: field.key, circle: $0.id) } == model.circles.map { model.access(field: field.key, circle: $0.id) })
            }

            // A cell set back to its template's value is the template's again, before it is saved;
            // "Allow all" fills a column; discarding puts the saved grid back.
            model.set(.deny, field: "bio", circle: colleagues)
            #expect(model.isTemplate(field: "bio", circle: colleagues))
            model.allowAll(circle: friends)
            #expect(model.pendingCells.count == 8, "seven in Friends, the bio in Colleagues")
            #expect(row(friends) == Array(repeating: .allow, count: 10))
            model.discard()
            #expect(!model.hasChanges)
            #expect(model.access(field: "bio", circle: colleagues) == .allow)
            #expect(model.access(field: mobile.key, circle: friends) == .ask)

            // A phone shows one circle at a time.
            #expect(model.selectedCircle?.kind == .contacts)
            #expect(!model.canSelectPrevious)
            model.selectPrevious()
            #expect(model.selectedCircle?.kind == .contacts)
            model.selectNext()
            model.selectNext()
            #expect(model.selectedCircle?.kind == .family)
            for _ in 0..<5 { model.selectNext() }
            #expect(model.selectedCircle?.kind == .colleagues)
            #expect(!model.canSelectNext)
            #expect(model.canSelectPrevious)
            let focused = PolicyGridModel(context: context, circleID: friends)
            await focused.load()
            #expect(focused.selectedCircle?.id == friends)
        }
    }

    @Test func aRefusedSaveKeepsEveryEditAndKeepsNoneOfThemOnTheServer() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, network) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let mobile = try await ada.addRinField(to: profile, .init(kind: .phone, label: .mobile, value: "+1 202 555 0143"))
            let model = PolicyGridModel(context: context)
            await model.load()
            let ids = Self.circleIDs(model)
            let family = try #require(ids[.family]), friends = try #require(ids[.friends])
            model.set(.deny, field: "bio", circle: family)
            model.set(.deny, field: mobile.key, circle: friends)

            // Another device deletes the phone before this save arrives.
            try await ada.deleteRinField(mobile.id, of: profile)
            #expect(await model.save() == false)

            #expect(model.error == "This profile has no field \(mobile.key).")
            #expect(model.fieldErrors == ["cells": "This profile has no field \(mobile.key)."])
            #expect(model.hasChanges)
            #expect(model.pendingCells == [.init(circleID: family, fieldKey: "bio"), .init(circleID: friends, fieldKey: mobile.key)])
            #expect(model.access(field: "bio", circle: family) == .deny)
            #expect(try await ada.rinPolicyGrid(of: profile).cells.allSatisfy(\.isTemplate), "nothing of a refused save is kept")

            // Read again, the grid drops the edit of the field that is gone and keeps the other.
            await model.load()
            #expect(model.fields.map(\.key) == ["name", "photo", "bio"])
            #expect(model.pendingCells == [.init(circleID: family, fieldKey: "bio")])

            // Offline the save waits in the queue, shown as saved, and lands when back online.
            network.offline = true
            #expect(await model.save())
            #expect(model.isWaiting && !model.hasChanges && model.error == nil)
            #expect(model.access(field: "bio", circle: family) == .deny && !model.isTemplate(field: "bio", circle: family))
            #expect(await context.pendingChanges == 1)
            network.offline = false
            #expect(try await ada.rinPolicyGrid(of: profile).cells.allSatisfy(\.isTemplate), "not sent yet")
            await context.sync()
            #expect(await context.pendingChanges == 0)
            let cells = try await ada.rinPolicyGrid(of: profile).cells.filter { !$0.isTemplate }
            #expect(cells == [.init(circleId: family, fieldKey: "bio", access: .deny, isTemplate: false)])

            // Online, a save is sent at once and the grid read again.
            model.set(.allow, field: "bio", circle: family)
            #expect(await model.save())
            #expect(!model.isWaiting && model.isTemplate(field: "bio", circle: family))
            #expect(try await ada.rinPolicyGrid(of: profile).cells.allSatisfy(\.isTemplate))
        }
    }

    @Test func resettingACircleTakesItBackToItsTemplateAndLeavesTheOthers() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, _) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let birthday = try await ada.addRinField(to: profile, .init(kind: .birthday, value: "--12-10"))
            let model = PolicyGridModel(context: context)
            await model.load()
            let ids = Self.circleIDs(model)
            let family = try #require(ids[.family]), friends = try #require(ids[.friends])
            model.set(.allow, field: birthday.key, circle: friends)
            model.set(.deny, field: "photo", circle: friends)
            model.set(.deny, field: "bio", circle: family)
            #expect(await model.save())
            model.set(.deny, field: "name", circle: friends)
            model.set(.ask, field: birthday.key, circle: family)

            #expect(await model.reset(circle: friends))

            #expect(model.pendingCells == [.init(circleID: family, fieldKey: birthday.key)], "Friends' unsaved edit went with the reset")
            for field in model.fields {
                #expect(model.isTemplate(field: field.key, circle: friends))
                #expect(model.access(field: field.key, circle: friends) == model.templateAccess(field: field.key, circle: friends))
            }
            #expect(model.access(field: "photo", circle: friends) == .allow)
            #expect(model.access(field: birthday.key, circle: friends) == .ask)
            #expect(model.access(field: "bio", circle: family) == .deny, "Family's saved change stays")
            model.discard()
            let server = try await ada.rinPolicyGrid(of: profile)
            #expect(server.cells.filter { !$0.isTemplate }.map(\.fieldKey) == ["bio"])
            for cell in server.cells {
                #expect(model.access(field: cell.fieldKey, circle: cell.circleId) == cell.access)
                #expect(model.isTemplate(field: cell.fieldKey, circle: cell.circleId) == cell.isTemplate)
            }
        }
    }

    @Test func someoneInFamilyAndFriendsGetsTheMostPermissiveOfThem() async throws {
        try await withKindred(running: true) { kindred in
            let (ada, context, _) = try await Self.ada(kindred)
            let profile = try #require(context.profileID)
            let (_, grace) = try await Self.person(kindred, "grace", "Grace Hopper")
            let fields = try await Self.fields(of: ada, profile)
            let workPhone = try #require(fields["workPhone"]), birthday = try #require(fields["birthday"])
            let model = PolicyGridModel(context: context)
            await model.load()
            let ids = Self.circleIDs(model)
            let family = try #require(ids[.family]), friends = try #require(ids[.friends])
            let colleagues = try #require(ids[.colleagues]), everyone = try #require(ids[._public])

            // Family opens everything, Friends puts the work phone on Ask: Family decides.
            let open = try #require(model.effectiveAccess(field: workPhone.key, circles: [friends, family]))
            #expect(open.access == .allow)
            #expect(open.circle.kind == .family)
            #expect(open.circles.map(\.kind) == [.family, .friends], "in list order")
            #expect(open.explanation == "Allow, from Family. Someone in Family and Friends gets the most permissive of them.")
            // A tie is named by the first in list order, unless Public or Contacts is in it.
            #expect(model.effectiveAccess(field: "name", circles: [friends, family])?.circle.kind == .family)
            #expect(model.effectiveAccess(field: "name", circles: [family, everyone])?.circle.kind == ._public)
            // Ask beats Don't Allow.
            let bio = try #require(model.effectiveAccess(field: "bio", circles: [colleagues, friends]))
            #expect(bio.access == .ask)
            #expect(bio.circle.kind == .friends)
            #expect(model.effectiveAccess(field: "bio", circles: [friends])?.explanation == "Ask, from Friends.")
            #expect(model.effectiveAccess(field: "bio", circles: []) == nil)
            #expect(model.effectiveAccess(field: "bio", circles: [UUID()]) == nil)

            // An edit not yet saved already counts: Family closes the work phone, Friends' Ask wins.
            model.set(.deny, field: workPhone.key, circle: family)
            let asked = try #require(model.effectiveAccess(field: workPhone.key, circles: [family, friends]))
            #expect(asked.access == .ask)
            #expect(asked.circle.kind == .friends)
            model.set(.deny, field: birthday.key, circle: family)
            model.set(.deny, field: birthday.key, circle: friends)
            let closed = try #require(model.effectiveAccess(field: birthday.key, circles: [family, friends]))
            #expect(closed.access == .deny)
            #expect(closed.circle.kind == .family)
            #expect(closed.explanation == "Don't allow, from Family. Someone in Family and Friends gets the most permissive of them.")

            // validate: saved, the model's resolution for Grace in Public, Family and Friends is
            // what the server shows her, field by field ("See as…").
            #expect(await model.save())
            try await ada.addRinCircleMembers(family, profiles: [grace])
            try await ada.addRinCircleMembers(friends, profiles: [grace])
            let seen = try await ada.previewRinProfile(profile, as: "profile:\(grace.uuidString.lowercased())")
            let resolved = model.effectiveAccess(circles: [everyone, family, friends]).filter { $0.fieldKey.hasPrefix("field:") }
            #expect(resolved.count == 7)
            #expect(Set(resolved.filter { $0.access == .allow }.map(\.fieldKey)) == Set(seen.fields.map(\.key)))
            #expect(Set(resolved.filter { $0.access == .ask }.map(\.fieldKey)) == Set(seen.askable.map(\.key).filter { $0.hasPrefix("field:") }))
            #expect(resolved.first { $0.fieldKey == birthday.key }?.access == .deny)
            #expect(!seen.askable.contains(where: { $0.key == birthday.key }))
            #expect(!seen.fields.contains(where: { $0.key == birthday.key }))
        }
    }
}
