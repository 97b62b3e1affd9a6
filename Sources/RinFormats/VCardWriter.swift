import Foundation

/// Writes cards as vCard 4.0 (RFC 6350), the form Rin exports and shares.
///
/// Lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence. Types are
/// written lowercase in `TYPE`; a label a person typed (`Lake house`), which `TYPE` cannot carry,
/// goes in an Apple-style group label (`item1.TEL:…` with `item1.X-ABLabel:Lake house`), which
/// Apple, Google and `ContactCard(_:)` read back. A card read from what this writes is the card
/// that was written, field for field, with two exceptions: empty texts (absent on reading), and
/// a birthday's `raw` text when it is a date, which is written in 4.0's form (`1985-03-15` goes
/// out as `19850315`; its `date` is the same).
public enum VCardWriter {
    /// RFC 6350 §3.2: lines SHOULD NOT be longer than 75 octets, excluding the line break.
    public static let lineLimit = 75

    public static func write(_ cards: [ContactCard]) -> String {
        var out: [UInt8] = []
        for card in cards {
            for line in lines(card) { fold(line, into: &out) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func write(_ card: ContactCard) -> String {
        write([card])
    }

    /// The card's content lines, unfolded.
    static func lines(_ card: ContactCard) -> [String] {
        var lines = ["BEGIN:VCARD", "VERSION:4.0"]
        if let uid = card.uid { lines.append("UID:" + VCardText.escape(uid)) }
        lines.append("FN:" + VCardText.escape(card.formattedName))
        if let name = card.name {
            lines.append("N:" + [name.family, name.given, name.additional, name.prefixes, name.suffixes].map(VCardText.escape).joined(separator: ";"))
        }
        if !card.nicknames.isEmpty { lines.append("NICKNAME:" + card.nicknames.map(VCardText.escape).joined(separator: ",")) }
        if let organization = card.organization {
            lines.append("ORG:" + ([organization.name] + organization.units).map(VCardText.escape).joined(separator: ";"))
        }
        if let title = card.title { lines.append("TITLE:" + VCardText.escape(title)) }
        if let birthday = card.birthday {
            lines.append(birthday.date.map { "BDAY:" + $0.vCardText } ?? "BDAY;VALUE=text:" + VCardText.escape(birthday.raw))
        }
        var groups = 0
        func labeled(_ name: String, _ value: String, types: [String], preferred: Bool) {
            let labels = types.filter { !ContactCard.isTypeToken($0) }
            let tokens = types.filter(ContactCard.isTypeToken)
            var head = name
            if !labels.isEmpty {
                groups += 1
                head = "item\(groups)." + head
            }
            if !tokens.isEmpty { head += ";TYPE=" + tokens.joined(separator: ",") }
            if preferred { head += ";PREF=1" }
            lines.append(head + ":" + value)
            for label in labels { lines.append("item\(groups).X-ABLabel:" + VCardText.escape(label)) }
        }
        for email in card.emails { labeled("EMAIL", VCardText.escape(email.value), types: email.types, preferred: email.preferred) }
        for phone in card.phones { labeled("TEL", VCardText.escape(phone.value), types: phone.types, preferred: phone.preferred) }
        for address in card.addresses {
            labeled("ADR", address.components.map(VCardText.escape).joined(separator: ";"), types: address.types, preferred: address.preferred)
        }
        for url in card.urls { labeled("URL", VCardText.escape(url.value), types: url.types, preferred: url.preferred) }
        if let note = card.note { lines.append("NOTE:" + VCardText.escape(note)) }
        switch card.photo {
        // A URI is written as it is: `data:image/jpeg;base64,` with its comma unescaped is what
        // RFC 6350's own examples and every reader expect.
        case .inline(let data, let mediaType)?:
            lines.append("PHOTO:data:" + (mediaType ?? "") + ";base64," + data.base64EncodedString())
        case .uri(let uri)?:
            lines.append("PHOTO:" + uri)
        case nil:
            break
        }
        lines.append("END:VCARD")
        return lines
    }

    /// Appends `line` and its CRLF, breaking it into pieces of at most 75 octets, each after the
    /// first starting with the space that unfolding removes. A break falls only before a UTF-8
    /// lead byte, so a character is never split across lines.
    static func fold(_ line: String, into out: inout [UInt8]) {
        var length = 0
        for byte in line.utf8 {
            let isLead = byte & 0xC0 != 0x80
            if isLead, length + sequenceLength(byte) > lineLimit {
                out += [0x0D, 0x0A, UInt8(ascii: " ")]
                length = 1
            }
            out.append(byte)
            length += 1
        }
        out += [0x0D, 0x0A]
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
