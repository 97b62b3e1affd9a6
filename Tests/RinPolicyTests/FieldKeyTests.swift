import Foundation
import Testing
@testable import RinPolicy

/// The stored and wire forms: docs/RIN.md §4 (`rin_policies.field_key`, `rin_overrides.field_key`).
@Suite struct FieldKeyTests {
    static let uuid = UUID(uuidString: "1F0E3DAD-9990-4F5B-8E2A-2C3A4B5C6D7E")!

    @Test func printsAndParsesEveryKey() {
        let keys: [RinFieldKey] = [.name, .photo, .bio, .field(Self.uuid)]
        #expect(keys.map(\.description) == ["name", "photo", "bio", "field:1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e"])
        for key in keys { #expect(RinFieldKey(key.description) == key) }
    }

    @Test func anUpperCaseIdParsesAndPrintsCanonically() {
        let key = RinFieldKey("field:1F0E3DAD-9990-4F5B-8E2A-2C3A4B5C6D7E")
        #expect(key == .field(Self.uuid))
        #expect(key?.description == "field:1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e")
    }

    @Test(arguments: ["", "Name", " name", "name ", "field:", "field:123", "Field:1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e",
                      "1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e", "field: 1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e", "*", "birthday"])
    func refusesAnythingElse(text: String) {
        #expect(RinFieldKey(text) == nil)
    }

    @Test func codableAsItsString() throws {
        let keys: [RinFieldKey] = [.name, .field(Self.uuid)]
        let json = try JSONEncoder().encode(keys)
        #expect(String(decoding: json, as: UTF8.self) == #"["name","field:1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e"]"#)
        #expect(try JSONDecoder().decode([RinFieldKey].self, from: json) == keys)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RinFieldKey].self, from: Data(#"["*"]"#.utf8)) }
    }

    @Test func overrideScopesAddTheStar() throws {
        #expect(RinOverrideScope("*") == .allFields)
        #expect(RinOverrideScope("bio") == .field(.bio))
        #expect(RinOverrideScope("**") == nil)
        #expect(RinOverrideScope.allFields.description == "*")
        let scopes: [RinOverrideScope] = [.allFields, .field(.field(Self.uuid))]
        let json = try JSONEncoder().encode(scopes)
        #expect(String(decoding: json, as: UTF8.self) == #"["*","field:1f0e3dad-9990-4f5b-8e2a-2c3a4b5c6d7e"]"#)
        #expect(try JSONDecoder().decode([RinOverrideScope].self, from: json) == scopes)
    }

    @Test func anOverrideTravelsWithItsStoredValues() throws {
        let json = try JSONEncoder().encode(RinOverride.approvingAsk(for: .photo))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: String])
        #expect(object == ["scope": "photo", "access": "allow", "origin": "ask"])
    }
}

@Suite struct AccessTests {
    @Test func rawValuesAreTheStoredOnes() {
        #expect(RinAccess.allCases.map(\.rawValue) == ["allow", "ask", "deny"])
        #expect(RinOverrideOrigin.allCases.map(\.rawValue) == ["manual", "ask"])
    }

    @Test func orderedByPermissiveness() {
        #expect(RinAccess.deny < .ask && RinAccess.ask < .allow)
        #expect(RinAccess.allCases.sorted() == [.deny, .ask, .allow])
        #expect([RinAccess.deny, .allow, .ask].max() == .allow)
        #expect([RinAccess.deny, .ask].max() == .ask)
    }
}
