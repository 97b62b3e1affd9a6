import Foundation
import RinFormats

/// Two contacts made one (docs/RIN.md §2.3, "A merge keeps everything"): the merged contact, the
/// conflicts it leaves for the user, and both contacts as they were, for the server to store and
/// restore on undo.
///
/// - **Multi-valued** (phones, e-mails, addresses, URLs): united. Two values are one when their
///   kind and normalised form agree (or, without one, their folded text). The survivor's values
///   come first, in their order, then the absorbed contact's new ones, in theirs.
/// - **Labels**: of two equal values, the survivor's label stays, unless it says nothing (none,
///   `other`, `voice`, `internet`, `pref`) and the absorbed one's does: `home` beats `other`.
/// - **Primary**: at most one per kind. The survivor's primary stays; when it has none of a kind,
///   the absorbed contact's primary of that kind becomes it.
/// - **Single-valued**: equal (folded: `Zoë` and `zoe` are equal, and the survivor's spelling
///   stays) or present on one side only → that value. Two birthdays where one only knows more
///   (`--0315` and `1985-03-15`) → the fuller one. Otherwise a `MergeConflict`, and the survivor
///   keeps its own value meanwhile.
/// - **Favourite** if either was.
public struct ContactMerge: Hashable, Sendable, Codable {
    /// Both contacts before the merge, whole.
    public let survivor: MergeableContact
    public let absorbed: MergeableContact
    /// The survivor after the merge: its id, everything united.
    public let merged: MergeableContact
    public let conflicts: [MergeConflict]

    public init(survivor: MergeableContact, absorbed: MergeableContact) {
        self.survivor = survivor
        self.absorbed = absorbed
        var merged = survivor
        var conflicts: [MergeConflict] = []
        for field in ContactField.allCases {
            switch Self.resolve(field, survivor: survivor, absorbed: absorbed) {
            case .value(let value): merged[field] = value
            case .conflict(let conflict): conflicts.append(conflict)
            }
        }
        merged.values = Self.unite(survivor.values, absorbed.values)
        merged.isFavourite = survivor.isFavourite || absorbed.isFavourite
        self.merged = merged
        self.conflicts = conflicts
    }

    private enum Resolution {
        case value(String?)
        case conflict(MergeConflict)
    }

    private static func resolve(_ field: ContactField, survivor: MergeableContact, absorbed: MergeableContact) -> Resolution {
        let mine = present(survivor[field]), theirs = present(absorbed[field])
        guard let mine else { return .value(theirs) }
        guard let theirs else { return .value(mine) }
        if field == .birthday, let fuller = fullerBirthday(mine, theirs) { return .value(fuller) }
        if comparable(mine) == comparable(theirs) { return .value(mine) }
        return .conflict(MergeConflict(field: field, options: [
            .init(value: mine, contactID: survivor.id, side: .survivor),
            .init(value: theirs, contactID: absorbed.id, side: .absorbed),
        ]))
    }

    /// Of two birthdays that agree (`BirthdayAgreement.agree` or `.compatible`), the one that knows
    /// more parts; nil when they clash or cannot be compared.
    private static func fullerBirthday(_ a: String, _ b: String) -> String? {
        guard case .date(let left)? = NormalizedBirthday(text: a), case .date(let right)? = NormalizedBirthday(text: b) else { return nil }
        switch BirthdayAgreement.compare(left, right) {
        case .agree: return a
        case .compatible: return knownParts(right) > knownParts(left) ? b : a
        case .clash, .unknown: return nil
        }
    }

    private static func knownParts(_ date: PartialDate) -> Int {
        [date.year, date.month, date.day].compactMap { $0 }.count
    }

    /// Survivor's values first; each of the absorbed one's joins an equal value or is added.
    static func unite(_ survivor: [ContactValue], _ absorbed: [ContactValue]) -> [ContactValue] {
        var united = survivor
        var positions: [String: Int] = [:]
        for (position, value) in survivor.enumerated() where positions[value.mergeKey] == nil {
            positions[value.mergeKey] = position
        }
        var hasPrimary = Set(survivor.filter(\.isPrimary).map(\.kind))
        for value in absorbed {
            if let position = positions[value.mergeKey] {
                if isUninformative(united[position].label) && !isUninformative(value.label) { united[position].label = value.label }
                if value.isPrimary && hasPrimary.insert(value.kind).inserted { united[position].isPrimary = true }
            } else {
                var added = value
                added.isPrimary = value.isPrimary && hasPrimary.insert(value.kind).inserted
                positions[value.mergeKey] = united.count
                united.append(added)
            }
        }
        return united
    }

    private static let uninformativeLabels: Set<String> = ["other", "voice", "internet", "pref", "x-other"]

    private static func isUninformative(_ label: String?) -> Bool {
        guard let label = present(label) else { return true }
        return uninformativeLabels.contains(label.lowercased())
    }

    private static func present(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// Folded, whitespace collapsed: `Zoë  Ångström` and `zoe angstrom` are one value.
    private static func comparable(_ text: String) -> String {
        MatchFolding.fold(text).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
