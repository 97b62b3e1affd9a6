import Foundation
import Testing
@testable import RinPolicy

/// docs/RIN.md §2.4 (Defaults), written out for every field a profile can hold: each kind, each
/// label that fits it, primary or not. The expectations are a literal table, not the rule again.
@Suite struct TemplateDefaultsTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let field: RinFieldDescriptor
        /// Name only (Contacts, Public), Permissive (Family), Moderate (Friends), Restricted (Colleagues).
        let expected: [RinAccess]
        var testDescription: String {
            "\(field.kind) \(field.label.map(\.rawValue) ?? "-")\(field.isPrimary ? " primary" : "")"
        }
    }

    private static let A = RinAccess.allow, Q = RinAccess.ask, D = RinAccess.deny
    private static let templates: [RinCircleTemplate] = [.nameOnly, .permissive, .moderate, .restricted]

    private static func row(_ kind: RinFieldKind, _ label: RinFieldLabel?, primary: Bool = false,
                            _ expected: RinAccess...) -> Row {
        let field: RinFieldDescriptor = switch kind {
        case .name: .name
        case .photo: .photo
        case .bio: .bio
        default: RinFieldDescriptor(id: UUID(), kind: kind, label: label, isPrimary: primary)
        }
        return Row(field: field, expected: expected)
    }

    static let table: [Row] = [
        //                                       name only  Family  Friends  Colleagues
        row(.name, nil,                             A,         A,      A,       A),
        row(.photo, nil,                            D,         A,      A,       D),
        row(.bio, nil,                              D,         A,      Q,       D),
        row(.birthday, nil,                         D,         A,      Q,       D),
        row(.phone, .mobile, primary: true,         D,         A,      A,       D),
        row(.phone, .mobile,                        D,         A,      Q,       D),
        row(.phone, .home, primary: true,           D,         A,      A,       D),
        row(.phone, .home,                          D,         A,      Q,       D),
        row(.phone, .work, primary: true,           D,         A,      A,       A),
        row(.phone, .work,                          D,         A,      Q,       A),
        row(.phone, .other, primary: true,          D,         A,      A,       D),
        row(.phone, .other,                         D,         A,      Q,       D),
        row(.email, .home, primary: true,           D,         A,      A,       D),
        row(.email, .home,                          D,         A,      Q,       D),
        row(.email, .work, primary: true,           D,         A,      A,       A),
        row(.email, .work,                          D,         A,      Q,       A),
        row(.email, .other, primary: true,          D,         A,      A,       D),
        row(.email, .other,                         D,         A,      Q,       D),
        row(.address, .home,                        D,         A,      Q,       D),
        row(.address, .work,                        D,         A,      Q,       D),
        row(.address, .other,                       D,         A,      Q,       D),
        row(.social, .linkedin,                     D,         A,      Q,       D),
        row(.social, .x,                            D,         A,      Q,       D),
        row(.social, .whatsapp,                     D,         A,      Q,       D),
        row(.social, .other,                        D,         A,      Q,       D),
    ]

    @Test(arguments: table)
    func defaultOfEveryTemplate(row: Row) {
        for (template, expected) in zip(Self.templates, row.expected) {
            #expect(template.access(for: row.field) == expected, "\(template)")
        }
    }

    /// The table above holds every combination `RinProfileFieldRules` accepts, and each once.
    @Test func tableCoversEveryValidField() {
        var valid: Set<String> = ["name", "photo", "bio"]
        for kind in RinFieldKind.allCases where !kind.isBuiltIn {
            let labels: [RinFieldLabel?] = kind.labels.isEmpty ? [nil] : kind.labels
            for label in labels {
                for primary in kind.hasPrimary ? [true, false] : [false] {
                    valid.insert("\(kind) \(label?.rawValue ?? "-") \(primary)")
                }
            }
        }
        let covered = Self.table.map { row in
            row.field.kind.isBuiltIn
                ? row.field.kind.rawValue
                : "\(row.field.kind) \(row.field.label?.rawValue ?? "-") \(row.field.isPrimary)"
        }
        #expect(Set(covered) == valid)
        #expect(covered.count == valid.count)
    }

    /// Fields the rules refuse still get a value, and it never opens more than the valid field
    /// next to them: a primary flag on an address, a `work` label on an address or a social account.
    @Test func invalidCombinationsOpenNothingExtra() {
        let primaryAddress = RinFieldDescriptor(id: UUID(), kind: .address, label: .home, isPrimary: true)
        let primaryLinkedIn = RinFieldDescriptor(id: UUID(), kind: .social, label: .linkedin, isPrimary: true)
        let primaryBirthday = RinFieldDescriptor(id: UUID(), kind: .birthday, isPrimary: true)
        let workSocial = RinFieldDescriptor(id: UUID(), kind: .social, label: .work)
        let unlabelledPhone = RinFieldDescriptor(id: UUID(), kind: .phone)
        for field in [primaryAddress, primaryLinkedIn, primaryBirthday] {
            #expect(RinCircleTemplate.moderate.access(for: field) == .ask)
            #expect(RinCircleTemplate.restricted.access(for: field) == .deny)
        }
        #expect(RinCircleTemplate.restricted.access(for: workSocial) == .deny)
        #expect(RinCircleTemplate.restricted.access(for: unlabelledPhone) == .deny)
        #expect(RinCircleTemplate.moderate.access(for: unlabelledPhone) == .ask)
    }

    @Test(arguments: [
        (RinCircleKind.contacts, RinCircleTemplate.nameOnly),
        (.public, .nameOnly),
        (.family, .permissive),
        (.friends, .moderate),
        (.colleagues, .restricted),
        (.custom, .restricted),
    ])
    func everyCircleKindStartsFromItsTemplate(kind: RinCircleKind, template: RinCircleTemplate) {
        #expect(kind.defaultTemplate == template)
    }

    @Test func customCirclesChooseFromThreeTemplates() {
        #expect(RinCircleTemplate.customChoices == [.permissive, .moderate, .restricted])
    }

    @Test func rawValuesAreTheStoredOnes() {
        #expect(RinCircleTemplate.allCases.map(\.rawValue) == ["nameOnly", "permissive", "moderate", "restricted"])
    }
}
