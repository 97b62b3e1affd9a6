import Foundation
import Testing
@testable import RinPolicy

/// docs/RIN.md §2.5 (The grid, Sparse storage): cells, template defaults, saves, bulk actions.
@Suite struct PolicyGridTests {
    typealias P = Profile
    static let grid = RinPolicyGrid(profileFields: P.fields, circles: P.circles.reversed())

    @Test func rowsAreTheBuiltInsThenTheFieldsAndColumnsAreInListOrder() {
        #expect(Self.grid.fields == P.all)
        #expect(Self.grid.circles.map(\.kind) == [.contacts, .public, .family, .friends, .colleagues])
    }

    @Test func anUnsetCellIsTheTemplatesValue() {
        #expect(Self.grid.cell(circleID: P.friends.id, field: P.mobile.key) == RinPolicyCell(access: .allow, isTemplateDefault: true))
        #expect(Self.grid.cell(circleID: P.colleagues.id, field: P.mobile.key) == RinPolicyCell(access: .deny, isTemplateDefault: true))
        #expect(Self.grid.cell(circleID: id(404), field: .name) == nil)
        #expect(Self.grid.cell(circleID: P.friends.id, field: .field(id(404))) == nil)
    }

    @Test func loadingDropsCellsEqualToTheTemplateAndCellsOfDeletedFields() {
        // setup: stored rows from an older state
        let friends = P.with(P.friends, [.name: .allow, .bio: .deny, .field(id(404)): .allow])
        // act
        let grid = RinPolicyGrid(profileFields: P.fields, circles: [friends])
        // validate
        #expect(grid.circles[0].cells == [.bio: .deny])
        #expect(grid.cell(circleID: friends.id, field: .bio) == RinPolicyCell(access: .deny, isTemplateDefault: false))
    }

    @Test func aSaveSetsCellsAndASetBackToTheDefaultRemovesTheCell() throws {
        // setup
        let edited = try Self.grid.applying([
            RinCellUpdate(circleID: P.friends.id, field: P.birthday.key, access: .allow),
            RinCellUpdate(circleID: P.public.id, field: .photo, access: .allow),
        ])
        #expect(edited.circle(P.friends.id)?.cells == [P.birthday.key: .allow])
        #expect(edited.circle(P.public.id)?.cells == [.photo: .allow])
        // act: the birthday goes back to Ask, Friends' template value
        let back = try edited.applying([RinCellUpdate(circleID: P.friends.id, field: P.birthday.key, access: .ask)])
        // validate
        #expect(back.circle(P.friends.id)?.cells == [:])
        #expect(back.cell(circleID: P.friends.id, field: P.birthday.key) == RinPolicyCell(access: .ask, isTemplateDefault: true))
    }

    @Test func aBadBatchReportsEveryProblemAndChangesNothing() {
        // setup
        let ghostCircle = id(404), ghostField = RinFieldKey.field(id(405))
        let batch = [
            RinCellUpdate(circleID: P.friends.id, field: .bio, access: .allow),
            RinCellUpdate(circleID: ghostCircle, field: .bio, access: .allow),
            RinCellUpdate(circleID: P.friends.id, field: ghostField, access: .allow),
            RinCellUpdate(circleID: ghostCircle, field: ghostField, access: .deny),
            RinCellUpdate(circleID: P.friends.id, field: .bio, access: .deny),
        ]
        // act
        let problems = Self.grid.problems(in: batch)
        // validate
        #expect(problems == [
            .unknownCircle(ghostCircle),
            .unknownField(ghostField),
            .duplicateCell(circleID: P.friends.id, field: .bio),
        ])
        #expect(throws: RinPolicyGridError(problems: problems)) { try Self.grid.applying(batch) }
        #expect(Self.grid.problems(in: []).isEmpty)
    }

    @Test func everyBuiltInAndSystemCircleCellMayBeSet() throws {
        let batch = [RinCircleKind.contacts, .public].flatMap { kind in
            RinFieldDescriptor.builtIns.flatMap { field in
                RinAccess.allCases.map { RinCellUpdate(circleID: kind == .contacts ? P.contacts.id : P.public.id, field: field.key, access: $0) }
            }
        }
        // One at a time: a batch may not set a cell twice.
        for update in batch { _ = try Self.grid.applying([update]) }
    }

    @Test func allowAllOpensEveryPresentField() throws {
        // act
        let friends = try Self.grid.allowingAll(in: P.friends.id)
        let family = try Self.grid.allowingAll(in: P.family.id)
        // validate
        for field in P.all {
            #expect(friends.cell(circleID: P.friends.id, field: field.key)?.access == .allow)
        }
        // Cells only where Friends' template asks: bio, birthday, work phone and e-mail, address, LinkedIn.
        #expect(friends.circle(P.friends.id)?.cells.count == 6)
        // Family's template already allows everything.
        #expect(family == Self.grid)
        // A field added afterwards starts from the template, as every new field does.
        let x = RinFieldDescriptor(id: id(120), kind: .social, label: .x)
        let later = RinPolicyGrid(profileFields: P.fields + [x], circles: friends.circles)
        #expect(later.cell(circleID: P.friends.id, field: x.key) == RinPolicyCell(access: .ask, isTemplateDefault: true))
        #expect(throws: RinPolicyGridError(problems: [.unknownCircle(id(404))])) { try Self.grid.allowingAll(in: id(404)) }
    }

    @Test func resetRemovesTheCirclesCellsOnly() throws {
        // setup
        let edited = try Self.grid.applying([
            RinCellUpdate(circleID: P.colleagues.id, field: P.mobile.key, access: .allow),
            RinCellUpdate(circleID: P.colleagues.id, field: .photo, access: .ask),
            RinCellUpdate(circleID: P.family.id, field: P.birthday.key, access: .deny),
        ])
        // act
        let reset = try edited.resetting(P.colleagues.id)
        // validate
        #expect(reset.circle(P.colleagues.id)?.cells == [:])
        #expect(reset.circle(P.family.id)?.cells == [P.birthday.key: .deny])
        #expect(throws: RinPolicyGridError(problems: [.unknownCircle(id(404))])) { try Self.grid.resetting(id(404)) }
    }

    @Test func theSaveOfAnEditIsItsChangedCells() throws {
        // setup: an editor's session of taps and bulk actions
        var edited = try Self.grid.allowingAll(in: P.public.id)
        edited = try edited.applying([RinCellUpdate(circleID: P.friends.id, field: .bio, access: .allow)])
        edited = try edited.resetting(P.public.id)
        edited = try edited.applying([RinCellUpdate(circleID: P.colleagues.id, field: P.homeEmail.key, access: .ask)])
        // act
        let updates = edited.updates(from: Self.grid)
        // validate
        #expect(updates == [
            RinCellUpdate(circleID: P.friends.id, field: .bio, access: .allow),
            RinCellUpdate(circleID: P.colleagues.id, field: P.homeEmail.key, access: .ask),
        ])
        #expect(try Self.grid.applying(updates) == edited)
        #expect(Self.grid.updates(from: Self.grid).isEmpty)
    }

    @Test func aCellFollowsItsFieldWhenTheLabelChanges() {
        // A template value is not stored, so relabelling the work phone as home closes it to
        // Colleagues, and making a phone primary opens it to Friends.
        let relabelled = RinFieldDescriptor(id: id(103), kind: .phone, label: .home, isPrimary: true)
        let grid = RinPolicyGrid(profileFields: [relabelled], circles: P.circles)
        #expect(grid.cell(circleID: P.colleagues.id, field: relabelled.key)?.access == .deny)
        #expect(grid.cell(circleID: P.friends.id, field: relabelled.key)?.access == .allow)
    }

    @Test func theGridAndTheResolverAgree() throws {
        // Every circle alone, after edits, resolves to its grid column.
        let edited = try Self.grid.applying([
            RinCellUpdate(circleID: P.friends.id, field: P.linkedin.key, access: .deny),
            RinCellUpdate(circleID: P.public.id, field: .photo, access: .allow),
        ])
        for circle in edited.circles {
            let resolver = RinResolver(circles: [circle], overrides: [])
            for field in edited.fields {
                let cell = try #require(edited.cell(circleID: circle.id, field: field.key))
                #expect(resolver.resolve(field).access == cell.access)
                #expect(resolver.resolve(field).source == .circle(id: circle.id, isTemplateDefault: cell.isTemplateDefault))
            }
        }
    }
}
