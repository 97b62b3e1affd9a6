import Foundation
import RinFormats
import Testing

@Suite("Rin contacts: reading CSV")
struct CSVTests {
    static func read(_ text: String, limits: CSVReader.Limits = .init()) throws -> CSVTable {
        try CSVReader(limits: limits).read(text)
    }

    static func fields(_ table: CSVTable) -> [[String]] {
        table.rows.map(\.fields)
    }

    // MARK: - RFC 4180

    @Test func quotedFieldsKeepCommasAndDoubledQuotes() throws {
        let table = try Self.read("name,note\r\n\"Lee, Ann\",\"she said \"\"hi\"\"\"\r\n\"\",plain\r\n")
        #expect(table.header == ["name", "note"])
        #expect(Self.fields(table) == [["Lee, Ann", "she said \"hi\""], ["", "plain"]])
        #expect(table.warnings.isEmpty)
    }

    @Test func aRecordSpanningLinesIsNamedByItsFirstLine() throws {
        // act
        let table = try Self.read("a,b\n1,\"first\nsecond\r\nthird\"\n2,x\n")
        // validate
        #expect(Self.fields(table) == [["1", "first\nsecond\r\nthird"], ["2", "x"]])
        #expect(table.rows.map(\.line) == [2, 5])
    }

    @Test func crLfLfAndLoneCrAllEndALine() throws {
        let table = try Self.read("a,b\r\n1,2\r3,4\n5,6")
        #expect(Self.fields(table) == [["1", "2"], ["3", "4"], ["5", "6"]])
        #expect(table.rows.map(\.line) == [2, 3, 4])
    }

    @Test func blankLinesAreNoRecordsButCountAsLines() throws {
        let table = try Self.read("a\n\n1\r\n\r\n\"\"\n\n")
        #expect(Self.fields(table) == [["1"], [""]])
        #expect(table.rows.map(\.line) == [3, 5])
    }

    @Test func aTrailingCommaIsAnEmptyLastField() throws {
        let table = try Self.read("a,b\n1,\n")
        #expect(Self.fields(table) == [["1", ""]])
    }

    // MARK: - Encodings

    @Test func utf8ByteOrderMarkIsNotPartOfTheFirstColumn() throws {
        let table = try CSVReader().read(Data([0xEF, 0xBB, 0xBF] + Array("First Name\nZoë\n".utf8)))
        #expect(table.header == ["First Name"])
        #expect(Self.fields(table) == [["Zoë"]])
        #expect(table.warnings.isEmpty)
    }

    @Test(arguments: [false, true])
    func utf16WithAByteOrderMarkIsRead(bigEndian: Bool) throws {
        let table = try CSVReader().read(CSVFixtures.utf16("Name,Note\r\nJosé,\"🎂 \"\"Geburtstag\"\"\"\r\n", bigEndian: bigEndian))
        #expect(table.header == ["Name", "Note"])
        #expect(Self.fields(table) == [["José", "🎂 \"Geburtstag\""]])
        #expect(table.warnings.isEmpty)
    }

    @Test func utf16WithoutAByteOrderMarkIsToldByItsAsciiHeader() throws {
        let data = CSVFixtures.utf16("Name\r\nJosé\r\n", bigEndian: false).dropFirst(2)
        #expect(Self.fields(try CSVReader().read(Data(data))) == [["José"]])
    }

    @Test func textThatIsNotUtf8IsReadAsWindows1252WithAWarning() throws {
        let data = Data(Array("Name,Note\r\n".utf8) + [0x4A, 0xFC, 0x72, 0x67, 0x65, 0x6E, 0x2C, 0x35, 0x20, 0x80, 0x20, 0x93, 0x6F, 0x6B, 0x94] + [0x0D, 0x0A])
        let table = try CSVReader().read(data)
        #expect(Self.fields(table) == [["Jürgen", "5 € “ok”"]])
        #expect(table.warnings == [ImportWarning(line: 1, message: "The file is not valid UTF-8; it was read as Windows-1252.")])
    }

    // MARK: - Broken structure

    static let errors: [(String, CSVError)] = [
        ("a,b\n1,x\"y\n", .quoteInUnquotedField(recordLine: 2, line: 2)),
        ("a,b\n\"two\nlines\",x\"y\n", .quoteInUnquotedField(recordLine: 2, line: 3)),
        ("a\n\"x\ny\"z\n", .textAfterClosingQuote(recordLine: 2, line: 3)),
        ("a\n\"x\" \n", .textAfterClosingQuote(recordLine: 2, line: 2)),
        ("a,b\n1,2\n3,\"open\nmore\n", .unterminatedQuote(recordLine: 3, line: 3)),
        ("a,b\n1,\"x\r\n\",\"open\r\n", .unterminatedQuote(recordLine: 2, line: 3)),
        ("", .empty),
        ("\r\n\n", .empty),
    ]

    @Test(arguments: errors)
    func brokenStructureRefusesTheFileNamingItsLines(text: String, expected: CSVError) {
        #expect(throws: expected) { try Self.read(text) }
    }

    @Test func errorsSayWhereInWords() {
        #expect(CSVError.unterminatedQuote(recordLine: 3, line: 4).description
            == "The quote opened on line 4 (in the row beginning on line 3) is never closed.")
    }

    // MARK: - Row widths

    @Test func rowsOfTheWrongWidthArePaddedOrCutWithAWarning() throws {
        let table = try Self.read("a,b,c\n1,2\n1,2,3,4\n1,2,3,,\n")
        #expect(Self.fields(table) == [["1", "2", ""], ["1", "2", "3"], ["1", "2", "3"]])
        #expect(table.warnings.map(\.line) == [2, 3, 4])
        #expect(table.warnings[0].message == "The row has 2 fields and the header 3; the missing ones are read as empty.")
        #expect(table.warnings[1].message.hasSuffix("the 1 past it are dropped, 1 of them not empty."))
        #expect(table.warnings[2].message.hasSuffix("(all empty)."))
    }

    // MARK: - Limits

    @Test func limitsRefuseWhatWouldCostTooMuch() throws {
        #expect(throws: CSVError.tooLarge(bytes: 12, limit: 10)) { try Self.read("a,b\n1,2\n3,4\n", limits: .init(bytes: 10)) }
        #expect(throws: CSVError.tooManyRows(limit: 2, line: 5)) { try Self.read("a\n1\n\"2\n\"\n3\n", limits: .init(rows: 2)) }
        #expect(throws: CSVError.tooManyFields(limit: 3, recordLine: 2, line: 3)) {
            try Self.read("a,b,c\n\"1\n\",2,3,4\n", limits: .init(fieldsPerRow: 3))
        }
        let table = try Self.read("a,b\n1\n2\n3\n4\n5\n", limits: .init(warnings: 2))
        #expect(table.warnings.map(\.line) == [2, 3])
        #expect(table.unreportedWarnings == 3)
    }

    @Test func largeFilesAreReadInLinearTime() throws {
        // setup: a 4 MiB quoted field full of doubled quotes and line breaks, and 100,000 short rows
        let field = "\"" + String(repeating: "ab\"\"c\r\n", count: 600_000) + "\""
        let rows = String(repeating: "x,\"y\"\n", count: 100_000)
        let limits = CSVReader.Limits(bytes: 64 << 20, rows: 200_000)
        // act
        let start = ContinuousClock.now
        let big = try Self.read("a,b\n1," + field + "\n", limits: limits)
        let many = try Self.read("a,b\n" + rows, limits: limits)
        let elapsed = ContinuousClock.now - start
        // validate
        #expect(big.rows[0].fields[1].utf8.count == 600_000 * 6)
        #expect(many.rows.count == 100_000)
        #expect(many.rows.last?.line == 100_001)
        #expect(elapsed < .seconds(10), "quadratic work would take minutes here")
    }
}
