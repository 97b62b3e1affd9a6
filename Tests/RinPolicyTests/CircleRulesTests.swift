import Foundation
import Testing
@testable import RinPolicy

/// docs/RIN.md §2.4: names, emoji, colours, kinds, order and the circles a profile starts with.
@Suite struct CircleNameTests {
    @Test(arguments: [
        ("Family", "Family"),
        ("  Book club \n", "Book club"),
        ("Cafe\u{301}", "Café"),                                  // stored in NFC
        (String(repeating: "a", count: 30), String(repeating: "a", count: 30)),
        (String(repeating: "é", count: 30), String(repeating: "é", count: 30)),
        ("Familie 👨‍👩‍👧", "Familie 👨‍👩‍👧"),                   // the family emoji is one character
        (String(repeating: "👨‍👩‍👧", count: 17), String(repeating: "👨‍👩‍👧", count: 17)), // 85 scalars
        ("Public", "Public"),                                    // a system circle's name is allowed
    ])
    func accepts(text: String, stored: String) throws {
        let name = try RinCircleName.parse(text).get()
        #expect(name.value == stored)
        #expect(name.value.unicodeScalars.elementsEqual(stored.precomposedStringWithCanonicalMapping.unicodeScalars))
    }

    @Test(arguments: [
        ("", RinCircleNameProblem.empty),
        (" \t\n ", .empty),
        (String(repeating: "a", count: 31), .tooLong),
        (String(repeating: "👨‍👩‍👧", count: 25), .tooLong),        // 25 characters but 125 scalars
        ("e" + String(repeating: "\u{301}", count: 200), .tooLong), // one character, 201 scalars
        ("Book\nclub", .containsControlCharacter),
        ("Book\tclub", .containsControlCharacter),
        ("Book\u{2028}club", .containsControlCharacter),
        ("Book\u{0}club", .containsControlCharacter),
    ])
    func refuses(text: String, problem: RinCircleNameProblem) {
        #expect(RinCircleName.parse(text) == .failure(problem))
        #expect(RinCircleName(text) == nil)
    }

    @Test func thirtyCountsCharactersNotScalars() {
        let thirty = String(repeating: "🇫🇷", count: 30)   // 60 scalars, 30 characters
        #expect(RinCircleName(thirty) != nil)
        #expect(RinCircleName(thirty + "x") == nil)
    }
}

@Suite struct CircleEmojiTests {
    @Test(arguments: ["😀", "👨‍👩‍👧‍👦", "👩🏽‍💻", "🇫🇷", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️", "☺️", "1️⃣", "🏳️‍🌈", "👍🏿", " 🎉 "])
    func acceptsOneEmoji(text: String) throws {
        let emoji = try #require(try RinCircleEmoji.parse(text).get())
        #expect(emoji.value == text.trimmingCharacters(in: .whitespaces))
    }

    @Test(arguments: ["", "   ", "\n"])
    func blankIsNoEmoji(text: String) {
        #expect(RinCircleEmoji.parse(text) == .success(nil))
        #expect(RinCircleEmoji(text) == nil)
    }

    @Test(arguments: [
        ("😀😀", RinCircleEmojiProblem.moreThanOneCharacter),
        ("ab", .moreThanOneCharacter),
        ("🇫🇷🇩🇪", .moreThanOneCharacter),
        ("a", .notAnEmoji),
        ("1", .notAnEmoji),
        ("#", .notAnEmoji),
        ("❤", .notAnEmoji),           // text presentation, no U+FE0F
        ("©", .notAnEmoji),
        ("é", .notAnEmoji),
        ("😀\u{301}", .notAnEmoji),    // a combining accent on an emoji
        ("😀" + String(repeating: "\u{FE0F}", count: 20), .notAnEmoji),
    ])
    func refuses(text: String, problem: RinCircleEmojiProblem) {
        #expect(RinCircleEmoji.parse(text) == .failure(problem))
    }
}

@Suite struct CircleColorTests {
    @Test func defaultColoursAreTheDesignTokens() {
        #expect(RinCircleKind.allCases.map { $0.defaultColor?.hex } == ["#6B7280", "#3B82F6", "#EF4444", "#22C55E", "#8B5CF6", nil])
    }

    @Test func thePaletteHoldsTheDefaultsFirstAndNoTwin() {
        #expect(RinCircleColor.palette.count == 12)
        #expect(Set(RinCircleColor.palette).count == 12)
        #expect(Array(RinCircleColor.palette.prefix(5)) == [.contactsGray, .publicBlue, .familyRed, .friendsGreen, .colleaguesViolet])
        for color in RinCircleColor.palette {
            #expect(color.hex.wholeMatch(of: /#[0-9A-F]{6}/) != nil)
        }
    }

    @Test func parsesPaletteColoursInEitherCase() {
        #expect(RinCircleColor("#ef4444") == .familyRed)
        #expect(RinCircleColor(" #EF4444 ") == .familyRed)
        #expect(RinCircleColor("#EF4445") == nil)   // a colour, but not the palette's
        #expect(RinCircleColor("EF4444") == nil)
        #expect(RinCircleColor("red") == nil)
    }

    @Test func codableAsItsHex() throws {
        let json = try JSONEncoder().encode([RinCircleColor.friendsGreen])
        #expect(String(decoding: json, as: UTF8.self) == ##"["#22C55E"]"##)
        #expect(try JSONDecoder().decode([RinCircleColor].self, from: Data(##"["#22c55e"]"##.utf8)) == [.friendsGreen])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RinCircleColor].self, from: Data(##"["#000000"]"##.utf8)) }
    }

    @Test func theNextColourIsTheLeastUsedThenTheEarliest() {
        let palette = RinCircleColor.palette
        let primary = RinProfileKind.primary.startingCircles.map(\.color)
        // A new primary profile's first custom circle gets the first colour no circle has.
        #expect(RinCircleColor.next(after: primary) == palette[5])
        #expect(RinCircleColor.next(after: primary + [palette[5]]) == palette[6])
        // With Family deleted, its red is free again and comes first.
        #expect(RinCircleColor.next(after: primary.filter { $0 != .familyRed }) == .familyRed)
        // Every colour used once: the first of the palette again; then the least used.
        #expect(RinCircleColor.next(after: palette) == palette[0])
        #expect(RinCircleColor.next(after: palette + [palette[0], palette[1]]) == palette[2])
        #expect(RinCircleColor.next(after: []) == palette[0])
    }

    @Test func handingOutTwentyFourColoursUsesEachTwice() {
        var used: [RinCircleColor] = []
        for _ in 0..<24 { used.append(RinCircleColor.next(after: used)) }
        #expect(used == RinCircleColor.palette + RinCircleColor.palette)
    }
}

@Suite struct CircleKindTests {
    @Test func systemCirclesAreFixed() {
        #expect(RinCircleKind.allCases.filter(\.isSystem) == [.contacts, .public])
        #expect(RinCircleKind.allCases.filter(\.canBeRenamedOrDeleted) == [.family, .friends, .colleagues, .custom])
    }

    @Test func defaultNames() {
        #expect(RinCircleKind.allCases.map(\.defaultName) == ["Contacts", "Public", "Family", "Friends", "Colleagues", nil])
        for name in RinCircleKind.allCases.compactMap(\.defaultName) { #expect(RinCircleName(name)?.value == name) }
    }

    @Test func rawValuesAreTheStoredOnes() {
        #expect(RinCircleKind.allCases.map(\.rawValue) == ["contacts", "public", "family", "friends", "colleagues", "custom"])
        #expect(RinProfileKind.allCases.map(\.rawValue) == ["primary", "professional", "personal", "anonymous"])
    }

    @Test func listOrderIsSystemPrepopulatedCustomThenPosition() {
        // setup: positions that disagree with the groups, and a tie
        let circles = [
            (RinCircleKind.custom, 0, id(10)),
            (.custom, 5, id(12)),
            (.custom, 5, id(11)),
            (.colleagues, 1, id(5)),
            (.family, 3, id(3)),
            (.public, 9, id(2)),
            (.contacts, 8, id(1)),
        ]
        // act
        let sorted = circles.sorted { RinCircleSortKey(kind: $0.0, position: $0.1, id: $0.2) < RinCircleSortKey(kind: $1.0, position: $1.1, id: $1.2) }
        // validate
        #expect(sorted.map(\.2) == [id(1), id(2), id(5), id(3), id(10), id(11), id(12)])
    }

    @Test func aPrimaryProfileStartsWithFiveCircles() {
        let seeds = RinProfileKind.primary.startingCircles
        #expect(seeds == [
            RinCircleSeed(kind: .contacts, template: .nameOnly, name: "Contacts", color: .contactsGray, position: 0),
            RinCircleSeed(kind: .public, template: .nameOnly, name: "Public", color: .publicBlue, position: 1),
            RinCircleSeed(kind: .family, template: .permissive, name: "Family", color: .familyRed, position: 2),
            RinCircleSeed(kind: .friends, template: .moderate, name: "Friends", color: .friendsGreen, position: 3),
            RinCircleSeed(kind: .colleagues, template: .restricted, name: "Colleagues", color: .colleaguesViolet, position: 4),
        ])
    }

    @Test(arguments: [
        (RinProfileKind.professional, RinCircleTemplate.permissive),
        (.personal, .moderate),
        (.anonymous, .restricted),
    ])
    func anAlternateStartsWithTheSystemCirclesAndItsTemplateInContacts(kind: RinProfileKind, template: RinCircleTemplate) {
        #expect(kind.startingCircles.map(\.kind) == [.contacts, .public])
        #expect(kind.startingCircles.map(\.template) == [template, .nameOnly])
        #expect(kind.contactsTemplate == template)
    }

    @Test func limits() {
        #expect(RinLimits.maxCirclesPerProfile == 100)
        #expect(RinLimits.maxFieldsPerProfile == 50)
        #expect(RinLimits.maxCircleNameLength == 30)
    }
}
