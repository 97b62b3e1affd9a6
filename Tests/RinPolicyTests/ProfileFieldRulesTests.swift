import Foundation
import Testing
@testable import RinPolicy

/// The field list a profile keeps so its templates mean what they say (`RinProfileFieldRules`).
@Suite struct ProfileFieldRulesTests {
    typealias P = Profile

    @Test func theSampleProfileIsSound() {
        #expect(RinProfileFieldRules.problems(in: P.all).isEmpty)
        #expect(RinProfileFieldRules.problems(in: []).isEmpty)
    }

    @Test func fiftyFieldsAndNoMore() {
        func emails(_ count: Int) -> [RinFieldDescriptor] {
            (0..<count).map { RinFieldDescriptor(id: id(200 + $0), kind: .email, label: .other, isPrimary: $0 == 0) }
        }
        #expect(RinProfileFieldRules.problems(in: RinFieldDescriptor.builtIns + emails(50)).isEmpty)
        #expect(RinProfileFieldRules.problems(in: emails(51)) == [.tooManyFields(count: 51)])
    }

    @Test func labelsMustFitTheirKind() {
        let fields = [
            RinFieldDescriptor(id: id(1), kind: .email, label: .mobile, isPrimary: true),
            RinFieldDescriptor(id: id(2), kind: .phone, label: .linkedin, isPrimary: true),
            RinFieldDescriptor(id: id(3), kind: .social),
            RinFieldDescriptor(id: id(4), kind: .birthday, label: .home),
            RinFieldDescriptor(id: id(5), kind: .address, label: .work),
        ]
        #expect(RinProfileFieldRules.problems(in: fields) == [
            .labelDoesNotFit(.field(id(1))), .labelDoesNotFit(.field(id(2))),
            .labelDoesNotFit(.field(id(3))), .labelDoesNotFit(.field(id(4))),
        ])
    }

    @Test func exactlyOnePrimaryPhoneAndEmail() {
        let phone = { (n: Int, primary: Bool) in RinFieldDescriptor(id: id(n), kind: .phone, label: .mobile, isPrimary: primary) }
        let email = { (n: Int, primary: Bool) in RinFieldDescriptor(id: id(n), kind: .email, label: .home, isPrimary: primary) }
        #expect(RinProfileFieldRules.problems(in: [phone(1, false), phone(2, false), email(3, true), email(4, true)]) == [
            .primaryCount(.email, count: 2),
        ])
        #expect(RinProfileFieldRules.problems(in: [phone(1, false), phone(2, true)]).isEmpty)
        // None is fine: deleting the primary promotes nothing (docs/RIN.md §2.5).
        #expect(RinProfileFieldRules.problems(in: [phone(1, false), phone(2, false)]).isEmpty)
    }

    @Test func onlyPhonesAndEmailsArePrimary() {
        let address = RinFieldDescriptor(id: id(1), kind: .address, label: .home, isPrimary: true)
        #expect(RinProfileFieldRules.problems(in: [address]) == [.primaryNotAllowed(address.key)])
    }

    @Test func oneBirthdayAndNoKeyTwice() {
        let birthday = RinFieldDescriptor(id: id(1), kind: .birthday)
        let other = RinFieldDescriptor(id: id(2), kind: .birthday)
        #expect(RinProfileFieldRules.problems(in: [birthday, birthday, other]) == [.duplicateKey(birthday.key), .multipleBirthdays])
    }

    @Test func labelsPerKind() {
        #expect(RinFieldKind.phone.labels == [.mobile, .home, .work, .other])
        #expect(RinFieldKind.email.labels == [.home, .work, .other])
        #expect(RinFieldKind.social.labels == [.linkedin, .x, .whatsapp, .other])
        #expect(RinFieldKind.allCases.filter(\.labels.isEmpty) == [.name, .photo, .bio, .birthday])
        #expect(RinFieldKind.allCases.filter(\.hasPrimary) == [.phone, .email])
    }
}
