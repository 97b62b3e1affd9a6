import Foundation
import Testing
@testable import RinPolicy

/// docs/RIN.md §2.5 and §2.10: the most permissive circle, then overrides, with their sources.
@Suite struct CircleOverlapTests {
    typealias P = Profile

    @Test func strangerSeesTheNameOnly() {
        // setup
        let resolver = RinResolver(circles: [P.public], overrides: [])
        // act
        let table = resolver.table()
        // validate
        #expect(table[.name] == Resolved(.allow, template(P.public)))
        for field in P.all where field.key != .name {
            #expect(table[field.key] == Resolved(.deny, template(P.public)), "\(field.key)")
        }
        #expect(resolver.isProfileVisible)
    }

    @Test func contactOnlySeesTheNameAndPublicIsTheSourceOfATie() {
        let table = RinResolver(circles: [P.contacts, P.public], overrides: []).table()
        #expect(table[.name] == Resolved(.allow, template(P.public)))
        #expect(table[P.birthday.key] == Resolved(.deny, template(P.public)))
    }

    @Test func friendAndColleagueGetsTheMorePermissiveOfEachField() {
        // setup
        let resolver = RinResolver(circles: [P.public, P.contacts, P.friends, P.colleagues], overrides: [])
        // act
        let table = resolver.table()
        // validate
        let expected: [RinFieldKey: Resolved] = [
            .name: Resolved(.allow, template(P.public)),
            .photo: Resolved(.allow, template(P.friends)),
            .bio: Resolved(.ask, template(P.friends)),
            P.birthday.key: Resolved(.ask, template(P.friends)),
            P.mobile.key: Resolved(.allow, template(P.friends)),
            P.workPhone.key: Resolved(.allow, template(P.colleagues)),
            P.homeEmail.key: Resolved(.allow, template(P.friends)),
            P.workEmail.key: Resolved(.allow, template(P.colleagues)),
            P.homeAddress.key: Resolved(.ask, template(P.friends)),
            P.linkedin.key: Resolved(.ask, template(P.friends)),
        ]
        #expect(table == expected)
    }

    @Test func colleagueOnlySeesWorkLines() {
        let table = RinResolver(circles: [P.public, P.contacts, P.colleagues], overrides: []).table()
        #expect(table[P.workPhone.key]?.access == .allow)
        #expect(table[P.workEmail.key]?.access == .allow)
        #expect(table[P.mobile.key] == Resolved(.deny, template(P.public)))
        #expect(table[.photo] == Resolved(.deny, template(P.public)))
        #expect(table[P.linkedin.key]?.access == .deny)
    }

    @Test func familyAndPublicAllowsEverything() {
        let table = RinResolver(circles: [P.family, P.public], overrides: []).table()
        #expect(table[.name] == Resolved(.allow, template(P.public)))
        for field in P.all where field.key != .name {
            #expect(table[field.key] == Resolved(.allow, template(P.family)), "\(field.key)")
        }
    }

    @Test func aCustomCircleWithCellsJoinsTheOverlap() {
        // setup: a Restricted custom circle that opens the birthday and asks for the address
        let book = P.custom(6, .restricted, cells: [P.birthday.key: .allow, P.homeAddress.key: .ask])
        // act
        let table = RinResolver(circles: [P.public, P.contacts, book], overrides: []).table()
        // validate
        #expect(table[P.birthday.key] == Resolved(.allow, cell(book)))
        #expect(table[P.homeAddress.key] == Resolved(.ask, cell(book)))
        #expect(table[P.workPhone.key] == Resolved(.allow, template(book)))
        #expect(table[P.mobile.key] == Resolved(.deny, template(P.public)))
    }

    @Test func aCellBelowAnotherCirclesValueDoesNotWin() {
        // Friends hides the primary phone, Family still gives it.
        let friends = P.with(P.friends, [P.mobile.key: .deny])
        let table = RinResolver(circles: [P.public, friends, P.family], overrides: []).table()
        #expect(table[P.mobile.key] == Resolved(.allow, template(P.family)))
        let friendOnly = RinResolver(circles: [P.public, friends], overrides: []).table()
        #expect(friendOnly[P.mobile.key] == Resolved(.deny, template(P.public)))
    }

    @Test func contactsIsAFloorForEveryoneInTheBook() {
        // The owner opens the birthday to Contacts; a colleague is in Contacts too (§2.10).
        let contacts = P.with(P.contacts, [P.birthday.key: .allow])
        let table = RinResolver(circles: [P.public, contacts, P.colleagues], overrides: []).table()
        #expect(table[P.birthday.key] == Resolved(.allow, cell(contacts)))
    }

    @Test func onATieTheFirstCircleInListOrderIsTheSource() {
        // Friends and two Moderate custom circles all put the bio on Ask.
        let late = P.custom(7, .moderate, position: 20)
        let early = P.custom(8, .moderate, position: 10)
        let table = RinResolver(circles: [late, early, P.friends], overrides: []).table()
        #expect(table[.bio] == Resolved(.ask, template(P.friends)))
        let customs = RinResolver(circles: [late, early], overrides: []).table()
        #expect(customs[.bio] == Resolved(.ask, template(early)))
        // Same position: the lower id.
        let twin = P.custom(9, .moderate, position: 10)
        #expect(RinResolver(circles: [twin, early], overrides: []).table()[.bio] == Resolved(.ask, template(early)))
    }

    @Test func theOrderCirclesArriveInChangesNothing() {
        let circles = [P.public, P.contacts, P.friends, P.colleagues, P.custom(6, .permissive, cells: [.name: .deny])]
        let expected = RinResolver(circles: circles, overrides: []).table()
        for rotation in 1..<circles.count {
            let rotated = Array(circles[rotation...] + circles[..<rotation])
            #expect(RinResolver(circles: rotated, overrides: []).table() == expected)
            #expect(RinResolver(circles: rotated.reversed(), overrides: []).table() == expected)
        }
    }

    @Test func noCircleAtAllIsDontAllow() {
        let resolver = RinResolver(circles: [], overrides: [])
        #expect(resolver.table()[.name] == Resolved(.deny, .noCircle))
        #expect(!resolver.isProfileVisible)
    }

    @Test func profileFieldsComeAfterTheBuiltInsInTheirOrder() {
        let resolver = RinResolver(circles: [P.public], overrides: [])
        let keys = resolver.resolve(profileFields: [P.linkedin, .name, P.birthday]).map(\.field.key)
        #expect(keys == [.name, .photo, .bio, P.linkedin.key, P.birthday.key])
    }
}

@Suite struct OverrideTests {
    typealias P = Profile
    static let colleague = [P.public, P.contacts, P.colleagues]

    @Test func aFieldOverrideRaisesAField() {
        let resolver = RinResolver(circles: Self.colleague, overrides: [RinOverride(scope: .field(P.mobile.key), access: .allow)])
        #expect(resolver.table()[P.mobile.key] == Resolved(.allow, .override(scope: .field(P.mobile.key), origin: .manual)))
        #expect(resolver.table()[P.homeEmail.key]?.access == .deny)
    }

    @Test func aFieldOverrideLowersAField() {
        let resolver = RinResolver(circles: Self.colleague, overrides: [RinOverride(scope: .field(P.workPhone.key), access: .deny)])
        #expect(resolver.table()[P.workPhone.key] == Resolved(.deny, .override(scope: .field(P.workPhone.key), origin: .manual)))
        #expect(resolver.table()[P.workEmail.key]?.access == .allow)
    }

    @Test func aFieldOverrideCanSetAsk() {
        let resolver = RinResolver(circles: [P.public, P.family], overrides: [RinOverride(scope: .field(P.homeAddress.key), access: .ask)])
        #expect(resolver.table()[P.homeAddress.key]?.access == .ask)
    }

    @Test func anApprovedAskIsAnOverrideThatOutlivesTheCircle() {
        // setup: a friend asked for the birthday and the owner approved
        let approval = RinOverride.approvingAsk(for: P.birthday.key)
        #expect(approval == RinOverride(scope: .field(P.birthday.key), access: .allow, origin: .ask))
        // act: then the owner took them out of Friends
        let table = RinResolver(circles: [P.public, P.contacts], overrides: [approval]).table()
        // validate
        #expect(table[P.birthday.key] == Resolved(.allow, .override(scope: .field(P.birthday.key), origin: .ask)))
        #expect(table[P.mobile.key]?.access == .deny)
    }

    @Test func anAllFieldsOverrideReplacesEveryField() {
        let grant = RinOverride.approvingAsk(for: P.birthday.key, allFields: true)
        let table = RinResolver(circles: [P.public], overrides: [grant]).table()
        for field in P.all {
            #expect(table[field.key] == Resolved(.allow, .override(scope: .allFields, origin: .ask)), "\(field.key)")
        }
        // Fields added later are covered too.
        let later = RinFieldDescriptor(id: id(199), kind: .social, label: .x)
        #expect(RinResolver(circles: [P.public], overrides: [grant]).resolve(later).access == .allow)
    }

    @Test func anAllFieldsDenyHidesTheProfile() {
        let resolver = RinResolver(circles: [P.public, P.family], overrides: [RinOverride(scope: .allFields, access: .deny)])
        #expect(resolver.table()[.name] == Resolved(.deny, .override(scope: .allFields, origin: .manual)))
        #expect(!resolver.isProfileVisible)
    }

    @Test func aFieldOverrideBeatsAnAllFieldsOverride() {
        let resolver = RinResolver(circles: [P.public], overrides: [
            RinOverride(scope: .field(P.homeAddress.key), access: .deny),
            RinOverride(scope: .allFields, access: .allow, origin: .ask),
        ])
        let table = resolver.table()
        #expect(table[P.homeAddress.key] == Resolved(.deny, .override(scope: .field(P.homeAddress.key), origin: .manual)))
        #expect(table[P.mobile.key] == Resolved(.allow, .override(scope: .allFields, origin: .ask)))
        // And the other way round: everything hidden but the work e-mail.
        let narrow = RinResolver(circles: [P.public, P.family], overrides: [
            RinOverride(scope: .allFields, access: .deny),
            RinOverride(scope: .field(P.workEmail.key), access: .allow),
        ]).table()
        #expect(narrow[P.workEmail.key]?.access == .allow)
        #expect(narrow[P.workPhone.key]?.access == .deny)
    }

    @Test func overridesApplyWithoutAnyCircle() {
        let table = RinResolver(circles: [], overrides: [RinOverride(scope: .field(.name), access: .allow)]).table()
        #expect(table[.name]?.access == .allow)
        #expect(table[.photo] == Resolved(.deny, .noCircle))
    }

    @Test func twoOverridesOfOneScopeResolveToTheSaferOne() {
        let field = RinOverrideScope.field(P.mobile.key)
        let table = RinResolver(circles: [P.family], overrides: [
            RinOverride(scope: field, access: .allow, origin: .ask),
            RinOverride(scope: field, access: .ask),
            RinOverride(scope: .allFields, access: .allow),
            RinOverride(scope: .allFields, access: .deny, origin: .ask),
        ]).table()
        #expect(table[P.mobile.key] == Resolved(.ask, .override(scope: field, origin: .manual)))
        #expect(table[.name] == Resolved(.deny, .override(scope: .allFields, origin: .ask)))
        let tie = RinResolver(circles: [], overrides: [
            RinOverride(scope: field, access: .allow, origin: .ask),
            RinOverride(scope: field, access: .allow, origin: .manual),
        ]).table()
        #expect(tie[P.mobile.key] == Resolved(.allow, .override(scope: field, origin: .manual)))
    }

    @Test func anOverrideOfAnotherFieldChangesNothingElse() {
        let unrelated = RinOverride(scope: .field(.field(id(999))), access: .allow)
        let with = RinResolver(circles: Self.colleague, overrides: [unrelated]).table()
        #expect(with == RinResolver(circles: Self.colleague, overrides: []).table())
    }
}

@Suite struct OwnerAndVisibilityTests {
    typealias P = Profile

    @Test func theOwnerSeesEverything() {
        let table = RinResolver.owner.table()
        for field in P.all { #expect(table[field.key] == Resolved(.allow, .owner)) }
        #expect(RinResolver.owner.isProfileVisible)
    }

    @Test func aNameOnDontAllowHidesTheProfile() {
        // setup: the owner hides their name from Public and Contacts
        let hiddenPublic = P.with(P.public, [.name: .deny])
        let hiddenContacts = P.with(P.contacts, [.name: .deny])
        // act, validate
        #expect(!RinResolver(circles: [hiddenPublic], overrides: []).isProfileVisible)
        #expect(!RinResolver(circles: [hiddenPublic, hiddenContacts], overrides: []).isProfileVisible)
        // A friend still sees them: Friends keeps the name.
        #expect(RinResolver(circles: [hiddenPublic, hiddenContacts, P.friends], overrides: []).isProfileVisible)
        // A personal override brings one person back.
        let back = RinOverride(scope: .field(.name), access: .allow)
        #expect(RinResolver(circles: [hiddenPublic], overrides: [back]).isProfileVisible)
    }

    @Test func aNameOnAskLeavesTheProfileVisible() {
        let asking = P.with(P.public, [.name: .ask])
        let resolver = RinResolver(circles: [asking], overrides: [])
        #expect(resolver.resolve(.name).access == .ask)
        #expect(resolver.isProfileVisible)
    }
}
