import Foundation
import Testing
@testable import RinMatching

/// docs/RIN.md §2.3, "A merge keeps everything", and merge conflicts.
@Suite struct ContactMergeTests {
    typealias F = MatchFixture

    func phone(_ value: String, _ normalized: String, label: String? = nil, primary: Bool = false) -> ContactValue {
        ContactValue(id: UUID(), kind: .phone, label: label, value: value, normalized: normalized, isPrimary: primary)
    }

    func email(_ value: String, label: String? = nil, primary: Bool = false) -> ContactValue {
        ContactValue(id: UUID(), kind: .email, label: label, value: value, normalized: EmailAddress(value)?.normalized, isPrimary: primary)
    }

    @Test func multiValuedFieldsAreUnited() {
        let survivor = MergeableContact(id: F.id(1), values: [
            phone("(415) 555-0101", "+14155550101", label: "other"),
            email("ada@example.com", label: "work", primary: true),
            ContactValue(kind: .address, label: "home", value: "12 St James's Square\nLondon"),
        ])
        let absorbed = MergeableContact(id: F.id(2), values: [
            phone("+1 415 555 0101", "+14155550101", label: "home", primary: true),
            email("ADA@example.com", label: "home"),
            email("ada@gmail.com", label: "home", primary: true),
            ContactValue(kind: .address, label: "other", value: "12 st james's square, LONDON"),
            ContactValue(kind: .url, value: "https://example.com/ada"),
        ])
        let merge = ContactMerge(survivor: survivor, absorbed: absorbed)
        let values = merge.merged.values
        #expect(values.map(\.value) == ["(415) 555-0101", "ada@example.com", "12 St James's Square\nLondon", "ada@gmail.com",
                                        "https://example.com/ada"])
        // `other` says nothing, `home` does; `work` stays.
        #expect(values.map(\.label) == ["home", "work", "home", "home", nil])
        // One primary per kind: the survivor's e-mail; the phone, which the survivor had none of.
        #expect(values.map(\.isPrimary) == [true, true, false, false, false])
        // Rows keep their ids: the server moves the absorbed contact's new rows.
        #expect(values[0].id == survivor.values[0].id && values[3].id == absorbed.values[2].id)
        #expect(merge.conflicts.isEmpty)
    }

    @Test func singleValuedFieldsTakeThePresentOrEqualValue() {
        let survivor = MergeableContact(id: F.id(1), givenName: "Zoë", familyName: "Ångström", organization: "Initech", note: "  ")
        let absorbed = MergeableContact(id: F.id(2), givenName: "zoe", familyName: "ANGSTROM", middleName: "Q", title: "Engineer",
                                        note: "Met at the conference")
        let merge = ContactMerge(survivor: survivor, absorbed: absorbed)
        #expect(merge.conflicts.isEmpty)
        #expect(merge.merged.givenName == "Zoë" && merge.merged.familyName == "Ångström")
        #expect(merge.merged.middleName == "Q" && merge.merged.title == "Engineer" && merge.merged.organization == "Initech")
        #expect(merge.merged.note == "Met at the conference")
        #expect(merge.merged.id == F.id(1))
    }

    @Test func differentValuesBecomeConflictsAndTheSurvivorKeepsItsOwn() throws {
        let survivor = MergeableContact(id: F.id(1), givenName: "J.", familyName: "Smith", title: "Engineer", birthday: "1980-01-02")
        let absorbed = MergeableContact(id: F.id(2), givenName: "John", familyName: "Smith", title: "Manager", birthday: "1981-01-02")
        let merge = ContactMerge(survivor: survivor, absorbed: absorbed)
        #expect(merge.conflicts.map(\.field) == [.givenName, .title, .birthday])
        #expect(merge.conflicts[0].options == [.init(value: "J.", contactID: F.id(1), side: .survivor),
                                               .init(value: "John", contactID: F.id(2), side: .absorbed)])
        #expect(merge.merged.givenName == "J." && merge.merged.title == "Engineer" && merge.merged.birthday == "1980-01-02")

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(merge.conflicts[1]), as: UTF8.self)
        #expect(json == """
            {"field":"title","options":[{"contactID":"\(F.id(1).uuidString)","side":"survivor","value":"Engineer"},\
            {"contactID":"\(F.id(2).uuidString)","side":"absorbed","value":"Manager"}]}
            """)
    }

    @Test func aBirthdayThatKnowsMoreIsNoConflict() {
        let yearless = MergeableContact(id: F.id(1), birthday: "--0102")
        let full = MergeableContact(id: F.id(2), birthday: "1980-01-02")
        #expect(ContactMerge(survivor: yearless, absorbed: full).merged.birthday == "1980-01-02")
        #expect(ContactMerge(survivor: full, absorbed: yearless).merged.birthday == "1980-01-02")
        #expect(ContactMerge(survivor: full, absorbed: yearless).conflicts.isEmpty)
        let text = MergeableContact(id: F.id(2), birthday: "spring 1980")
        #expect(ContactMerge(survivor: full, absorbed: text).conflicts.map(\.field) == [.birthday])
    }

    @Test func favouriteIfEither() {
        #expect(ContactMerge(survivor: MergeableContact(id: F.id(1)), absorbed: MergeableContact(id: F.id(2), isFavourite: true)).merged.isFavourite)
        #expect(ContactMerge(survivor: MergeableContact(id: F.id(1), isFavourite: true), absorbed: MergeableContact(id: F.id(2))).merged.isFavourite)
        #expect(!ContactMerge(survivor: MergeableContact(id: F.id(1)), absorbed: MergeableContact(id: F.id(2))).merged.isFavourite)
    }

    @Test func theSnapshotRoundTrips() throws {
        let merge = ContactMerge(survivor: MergeableContact(id: F.id(1), givenName: "Ada", values: [email("ada@example.com")], isFavourite: true),
                                 absorbed: MergeableContact(id: F.id(2), givenName: "Augusta", birthday: "--1210"))
        let decoded = try JSONDecoder().decode(ContactMerge.self, from: JSONEncoder().encode(merge))
        #expect(decoded == merge)
        #expect(decoded.survivor == merge.survivor && decoded.absorbed == merge.absorbed)
    }
}
