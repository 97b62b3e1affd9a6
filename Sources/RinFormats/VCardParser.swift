import Foundation

/// Reads a .vcf file (vCard 2.1, 3.0 or 4.0; one card or thousands) into `VCard`s.
///
/// An address book import is a file from somewhere else: an iPhone, Google, a ten-year-old
/// Outlook. So it is lenient: a line it cannot read is skipped with a warning naming its line,
/// and the import goes on. It refuses a whole file only when it is not a vCard file at all or is
/// past the `limits`, which bound the work one upload can cost.
public struct VCardParser: Sendable {
    public struct Limits: Hashable, Sendable {
        /// 20 MiB holds ten thousand cards with small photos.
        public var bytes: Int
        public var cards: Int
        /// Far past any real card (a full card with ten phones is about 40 lines); a card past it
        /// is a broken export or a file built to cost work.
        public var propertiesPerCard: Int
        /// Warnings kept in `VCardImport.warnings`; later ones are only counted.
        public var warnings: Int

        public init(bytes: Int = 20 << 20, cards: Int = 10_000, propertiesPerCard: Int = 1_000, warnings: Int = 200) {
            self.bytes = bytes
            self.cards = cards
            self.propertiesPerCard = propertiesPerCard
            self.warnings = warnings
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Throws `VCardError` when the file is over a limit or holds no `BEGIN:VCARD`.
    public func parse(_ data: Data) throws -> VCardImport {
        guard data.count <= limits.bytes else { throw VCardError.tooLarge(bytes: data.count, limit: limits.bytes) }
        var cards = CardAssembler(limits: limits)
        try VCardUnfolding.forEachLine(in: Self.utf8Bytes(data)) { try cards.take($0) }
        return try cards.finish()
    }

    public func parse(_ text: String) throws -> VCardImport {
        try parse(Data(text.utf8))
    }

    /// The file's bytes without a byte-order mark, UTF-16 turned into UTF-8 (`FileTextDecoding`).
    static func utf8Bytes(_ data: Data) -> [UInt8] {
        FileTextDecoding.utf8Bytes(data, fallback1252: false).bytes
    }
}

/// Groups content lines into cards, one line at a time.
private struct CardAssembler {
    let limits: VCardParser.Limits
    var cards: [VCard] = []
    var open: VCard?
    var openLine = 0
    /// Inside a block being skipped (a 2.1 `AGENT`'s embedded card, a `BEGIN:VCALENDAR`): how
    /// many `END`s close it.
    var skipDepth = 0
    var sawCard = false
    var warnings: [ImportWarning] = []
    var unreportedWarnings = 0

    init(limits: VCardParser.Limits) {
        self.limits = limits
    }

    mutating func take(_ line: LogicalLine) throws {
        if line.bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
        let content: VCardContentLine
        do {
            content = try VCardContentLine(line.bytes)
        } catch {
            if skipDepth == 0 { warn(line.number, error.message + " The line is skipped.") }
            return
        }
        // Only the frame's lines need their value as a word; a photo's megabyte is not copied for it.
        let isFrame = content.name == "BEGIN" || content.name == "END" || content.name == "VERSION"
        let word = isFrame ? String(decoding: content.value, as: UTF8.self).trimmingCharacters(in: .whitespaces).uppercased() : ""
        if skipDepth > 0 {
            if content.name == "BEGIN" { skipDepth += 1 }
            if content.name == "END" { skipDepth -= 1 }
            return
        }
        switch content.name {
        case "BEGIN" where word == "VCARD":
            if let open {
                if let last = open.properties.last, last.name == "AGENT", last.value.isEmpty {
                    warn(line.number, "An embedded card (2.1 AGENT) is skipped.")
                    skipDepth = 1
                    return
                }
                warn(line.number, "The card beginning on line \(openLine) has no END:VCARD; it ends here.")
                close()
            }
            guard cards.count < limits.cards else { throw VCardError.tooManyCards(limit: limits.cards, line: line.number) }
            open = VCard(version: nil)
            openLine = line.number
            sawCard = true
        case "BEGIN":
            warn(line.number, "BEGIN:\(word) is not a vCard; its lines are skipped.")
            skipDepth = 1
        case "END" where word == "VCARD":
            if open == nil { warn(line.number, "END:VCARD without a BEGIN:VCARD is skipped.") } else { close() }
        case "END":
            warn(line.number, "END:\(word) closes nothing that was opened; it is skipped.")
        case _ where open == nil:
            warn(line.number, "\(content.name) is outside any BEGIN:VCARD … END:VCARD; it is skipped.")
        case "VERSION" where open?.version == nil:
            open?.version = word
        default:
            guard let count = open?.properties.count, count < limits.propertiesPerCard else {
                throw VCardError.tooManyProperties(limit: limits.propertiesPerCard, cardLine: openLine, line: line.number)
            }
            let property = property(content, line: line.number)
            open?.properties.append(property)
        }
    }

    mutating func finish() throws -> VCardImport {
        if open != nil {
            warn(openLine, "The card beginning on this line has no END:VCARD before the end of the file.")
            close()
        }
        guard sawCard else { throw VCardError.noCards }
        return VCardImport(cards: cards, warnings: warnings, unreportedWarnings: unreportedWarnings)
    }

    private mutating func close() {
        guard let card = open else { return }
        if card.version == nil { warn(openLine, "The card beginning on this line has no VERSION line.") }
        cards.append(card)
        open = nil
    }

    /// The value as text: quoted-printable undone, then the charset. The parameters that said
    /// how are dropped, since the value no longer is in that form.
    private mutating func property(_ content: VCardContentLine, line: Int) -> VCardProperty {
        var parameters = content.parameters
        let encoding = parameters.first { $0.name == "ENCODING" }?.values.first?.uppercased()
        let charset = parameters.first { $0.name == "CHARSET" }?.values.first
        let decoded: (text: String, warning: String?)
        if encoding == "QUOTED-PRINTABLE" {
            decoded = VCardCharset.decode(VCardCharset.decodeQuotedPrintable(content.value), charset: charset, trustBytes: false)
        } else {
            decoded = VCardCharset.decode(content.value, charset: charset, trustBytes: true)
        }
        if let warning = decoded.warning { warn(line, "\(content.name): \(warning)") }
        let transfer: Set<String> = ["QUOTED-PRINTABLE", "8BIT", "7BIT"]
        parameters.removeAll { $0.name == "CHARSET" || ($0.name == "ENCODING" && transfer.contains(encoding ?? "")) }
        return VCardProperty(group: content.group, name: content.name, parameters: parameters, value: decoded.text)
    }

    private mutating func warn(_ line: Int, _ message: String) {
        if warnings.count < limits.warnings {
            warnings.append(ImportWarning(line: line, message: message))
        } else {
            unreportedWarnings += 1
        }
    }
}
