import Foundation
import RinCore

/// How the Contacts screens say things, worded as the web client words them, so both tell a
/// person the same.
public enum ContactsWords {
    /// "1 contact", "3 contacts".
    public static func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) \(count == 1 ? one : many ?? one + "s")"
    }

    /// "85%": a share (0…1) as a whole percentage.
    public static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded()))%"
    }

    /// An import's phase in words, and its step (1 reading, 2 matching; 3 done; 0 stopped).
    public static func phase(_ phase: RinImport.PhasePayload) -> (text: String, step: Int) {
        switch phase {
        case .reading: ("Reading your contacts", 1)
        case .matching: ("Looking for duplicates", 2)
        case .done: ("Done", 3)
        case .failed: ("Stopped", 0)
        }
    }

    /// The file's name, or what kind of file it was.
    public static func importName(_ rinImport: RinImport) -> String {
        if let name = rinImport.fileName, !name.isEmpty { return name }
        return rinImport.source == .vcard ? "A vCard file" : "A CSV file"
    }

    /// "Done · 6 added, 1 merged": one line for the list of imports.
    public static func importSummary(_ rinImport: RinImport) -> String {
        var parts = [phase(rinImport.phase).text]
        switch rinImport.phase {
        case .done:
            parts.append(["\(rinImport.createdContacts) added",
                          rinImport.merged > 0 ? "\(rinImport.merged) merged" : nil].compactMap { $0 }.joined(separator: ", "))
        case .failed:
            break
        case .reading, .matching:
            parts.append("\(rinImport.processed) of \(rinImport.total)")
        }
        return parts.joined(separator: " · ")
    }

    /// A conflicting field as "two … " names it.
    public static func fieldName(_ field: RinConflict.FieldPayload) -> String {
        switch field {
        case .givenName: "first name"
        case .familyName: "last name"
        case .middleName: "middle name"
        case .namePrefix: "name prefix"
        case .nameSuffix: "name suffix"
        case .displayName: "shown name"
        case .nickname: "nickname"
        case .organization: "organisation"
        case .title: "job title"
        case .birthday: "birthday"
        case .note: "note"
        }
    }

    /// How a merge came about.
    public static func mergeHow(_ merge: RinMergeRecord) -> String {
        switch merge.kind {
        case .auto: "Merged by an import, \(percent(merge.confidence)) sure"
        case .accepted: "Merged from a suggestion"
        case .manual: "Merged by you"
        }
    }

    /// "Ada Lovelace" → "Ada Lovelace.vcf": a file name every system accepts.
    public static func vCardFileName(_ name: String) -> String {
        let unsafe = CharacterSet(charactersIn: "\\/:*?\"<>|").union(.controlCharacters)
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map { unsafe.contains($0) ? " " : $0 }))
        let words = cleaned.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let safe = String(words.prefix(80)).trimmingCharacters(in: .whitespaces)
        return (safe.isEmpty ? "contact" : safe) + ".vcf"
    }

    /// One reason two contacts may be one person.
    public struct Evidence: Hashable, Sendable {
        public enum Kind: String, Hashable, Sendable { case phone, email, name, domain, organization, birthday }
        public let kind: Kind
        public let text: String
        /// Speaks against the merge (birthdays that clash): drawn as a warning.
        public let isWarning: Bool

        public init(kind: Kind, text: String, isWarning: Bool) {
            (self.kind, self.text, self.isWarning) = (kind, text, isWarning)
        }
    }

    /// Why Rin thinks two contacts may be one, a line per piece of evidence, in the web's words.
    public static func evidence(_ evidence: RinMatchEvidence, contacts: [RinContactSummary] = []) -> [Evidence] {
        var lines: [Evidence] = []
        lines += evidence.sharedPhones.map { Evidence(kind: .phone, text: "Same phone: \($0)", isWarning: false) }
        lines += evidence.sharedEmails.map { Evidence(kind: .email, text: "Same e-mail: \($0)", isWarning: false) }
        let alike = percent(evidence.nameSimilarity)
        lines.append(Evidence(kind: .name, text: evidence.sameFullName ? "Same name (\(alike) alike)" : "Names \(alike) alike", isWarning: false))
        lines += evidence.sharedEmployerDomains.map { Evidence(kind: .domain, text: "Same employer domain: \($0)", isWarning: false) }
        if evidence.sameOrganization {
            let organization = contacts.lazy.compactMap(\.organization).first { !$0.isEmpty }
            lines.append(Evidence(kind: .organization, text: organization.map { "Same organisation: \($0)" } ?? "Same organisation", isWarning: false))
        }
        switch evidence.birthday {
        case .agree: lines.append(Evidence(kind: .birthday, text: "Same birthday", isWarning: false))
        case .compatible: lines.append(Evidence(kind: .birthday, text: "Birthdays fit together (one has no year)", isWarning: false))
        case .clash: lines.append(Evidence(kind: .birthday, text: "Different birthdays: merging keeps both for you to choose", isWarning: true))
        case .unknown: break
        }
        return lines
    }
}
