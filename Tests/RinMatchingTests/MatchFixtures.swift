import Foundation
@testable import RinMatching

/// Phones by table, so the matcher's tests do not depend on the real normaliser (which has its
/// own corpus test): each typed form maps to a number, anything else is not a number.
struct TablePhoneNormalizer: PhoneNormalizer {
    var table: [String: PhoneNumber]

    func normalize(_ typed: String, defaultRegion: String) -> Result<PhoneNumber, PhoneNumberProblem> {
        table[typed].map { .success($0) } ?? .failure(.notANumber)
    }
}

/// Records for the matcher's tests: `id(n)` sorts by `n`, and record `n` is created `n` seconds
/// after the epoch unless told otherwise, so the lower number is the older contact.
enum MatchFixture {
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012llx", n))!
    }

    static func record(_ n: Int, _ name: String, emails: [String] = [], phones: [String] = [], birthday: String? = nil,
                       organization: String? = nil, createdAt: Int? = nil) -> MatchRecord {
        MatchRecord(id: id(n), createdAt: epoch.addingTimeInterval(Double(createdAt ?? n)), name: NameKey(formatted: name),
                    emails: emails.compactMap { EmailAddress($0)?.normalized }, phones: phones,
                    birthday: birthday.flatMap(NormalizedBirthday.init(text:)), organization: organization)
    }

    /// The same list in another order, without a random generator: a stride through the list
    /// (`step` prime to its length) visits every element once.
    static func permuted<T>(_ values: [T], step: Int) -> [T] {
        guard !values.isEmpty else { return values }
        return values.indices.map { values[($0 * step + step / 2) % values.count] }
    }
}
