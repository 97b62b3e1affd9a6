import Foundation
@testable import RinPolicy

/// A readable, fixed id: `id(7)` is `00000000-0000-0000-0000-000000000007`.
func id(_ number: Int) -> UUID {
    UUID(uuidString: "00000000-0000-0000-0000-" + String(format: "%012d", number))!
}

/// One profile with a field of every kind, and one circle of every kind, for resolution tests.
enum Profile {
    static let birthday = RinFieldDescriptor(id: id(101), kind: .birthday)
    static let mobile = RinFieldDescriptor(id: id(102), kind: .phone, label: .mobile, isPrimary: true)
    static let workPhone = RinFieldDescriptor(id: id(103), kind: .phone, label: .work)
    static let homeEmail = RinFieldDescriptor(id: id(104), kind: .email, label: .home, isPrimary: true)
    static let workEmail = RinFieldDescriptor(id: id(105), kind: .email, label: .work)
    static let homeAddress = RinFieldDescriptor(id: id(106), kind: .address, label: .home)
    static let linkedin = RinFieldDescriptor(id: id(107), kind: .social, label: .linkedin)
    static let fields = [birthday, mobile, workPhone, homeEmail, workEmail, homeAddress, linkedin]
    static let all = RinFieldDescriptor.builtIns + fields

    static let contacts = RinCirclePolicy(id: id(1), kind: .contacts, template: .nameOnly, position: 0)
    static let `public` = RinCirclePolicy(id: id(2), kind: .public, template: .nameOnly, position: 1)
    static let family = RinCirclePolicy(id: id(3), kind: .family, template: .permissive, position: 2)
    static let friends = RinCirclePolicy(id: id(4), kind: .friends, template: .moderate, position: 3)
    static let colleagues = RinCirclePolicy(id: id(5), kind: .colleagues, template: .restricted, position: 4)
    static let circles = [contacts, `public`, family, friends, colleagues]

    static func custom(_ number: Int, _ template: RinCircleTemplate, position: Int = 10,
                       cells: [RinFieldKey: RinAccess] = [:]) -> RinCirclePolicy {
        RinCirclePolicy(id: id(number), kind: .custom, template: template, position: position, cells: cells)
    }

    /// `circle` with `cells` replacing its own.
    static func with(_ circle: RinCirclePolicy, _ cells: [RinFieldKey: RinAccess]) -> RinCirclePolicy {
        RinCirclePolicy(id: circle.id, kind: circle.kind, template: circle.template, position: circle.position, cells: cells)
    }
}

extension RinResolver {
    /// Field key → (access, source), for comparing a whole answer at once.
    func table(_ fields: [RinFieldDescriptor] = Profile.all) -> [RinFieldKey: Resolved] {
        Dictionary(uniqueKeysWithValues: fields.map { field in
            let resolved = resolve(field)
            return (field.key, Resolved(resolved.access, resolved.source))
        })
    }
}

/// An access and its source, equatable and printable in expectations.
struct Resolved: Hashable, CustomStringConvertible {
    let access: RinAccess
    let source: RinAccessSource
    init(_ access: RinAccess, _ source: RinAccessSource) {
        self.access = access
        self.source = source
    }
    var description: String { "\(access) from \(source)" }
}

/// Source shorthands: `template(circle)` for a circle's default, `cell(circle)` for a set cell.
func template(_ circle: RinCirclePolicy) -> RinAccessSource { .circle(id: circle.id, isTemplateDefault: true) }
func cell(_ circle: RinCirclePolicy) -> RinAccessSource { .circle(id: circle.id, isTemplateDefault: false) }
