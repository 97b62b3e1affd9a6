import Foundation
import MemoriesCanvas
import Testing

@Suite("Memories canvas: the format, its operations and its checks")
struct CanvasTests {
    static func ink(_ id: String, points: Int = 3, z: Int = 0) -> CanvasElement {
        CanvasElement(id: id, z: z, frame: CanvasFrame(x: 10, y: 20, width: 300, height: 100),
                      content: .ink(.init(tool: .pen, color: "#112233", width: 4,
                                          points: (0..<points).map { InkPoint(x: Double($0 % 10) / 10, y: 0.5, pressure: 0.5, t: Double($0)) })))
    }

    static func text(_ id: String, _ words: String = "Hello") -> CanvasElement {
        CanvasElement(id: id, z: 1, frame: CanvasFrame(x: 0, y: 0, width: 400, height: 80), rotation: 12,
                      content: .text(.init(text: words, font: .hand, size: 32, color: "#000000ff", align: .center)))
    }

    @Test func theJSONIsTheDocumentedShapeAndReadsBackTheSame() throws {
        let photo = CanvasElement(id: "p1", z: 2, frame: CanvasFrame(x: -50, y: 100, width: 500, height: 375),
                                  content: .photo(.init(mediaId: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!)))
        let canvas = Canvas(paper: .lined, elements: [Self.ink("k1"), Self.text("t1"), photo])
        let data = try canvas.encoded()
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["paper"] as? String == "lined")
        let elements = try #require(json["elements"] as? [[String: Any]])
        #expect(elements.map { $0["type"] as? String } == ["ink", "text", "photo"])
        let points = try #require(elements[0]["points"] as? [[Double]])
        #expect(points[1] == [0.1, 0.5, 0.5, 1])
        #expect(elements[1]["font"] as? String == "hand")
        #expect(elements[2]["mediaId"] as? String == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        #expect(try Canvas.decode(data) == canvas)
        // Stored form is stable: the same page always measures the same.
        #expect(try canvas.encoded() == data)
    }

    /// `CanvasJSON` writes and reads pages by hand for speed; `Codable` is the reference it must
    /// match on every value a page can hold.
    @Test func theHandWrittenFormIsJSONEncodersAndReadsBackAlike() throws {
        var generator = SystemRandomNumberGenerator()
        let awkward = ["", "plain", "quote \" and \\ back", "tab\tnew\nline\r\u{01}\u{1F}", "é ü 中文", "emoji 👩‍👩‍👧 🎉", "slash / stays"]
        let numbers: [Double] = [0, -0.0, 1, -1, 0.5, 0.1, 1.0 / 3, 2.5e-7, 1e-5, 123_456.789, 1e15, 1e16, 4e20, -999.125,
                                 Double.leastNonzeroMagnitude, 0.30000000000000004, 1_399.999_999_999]
        func number() -> Double {
            Bool.random(using: &generator) ? numbers.randomElement(using: &generator)! : Double.random(in: -2_000...2_000, using: &generator)
        }
        func frame() -> CanvasFrame { CanvasFrame(x: number(), y: number(), width: number(), height: number()) }
        var elements: [CanvasElement] = []
        for index in 0..<60 {
            let content: CanvasElement.Content
            switch index % 3 {
            case 0:
                content = .ink(.init(tool: CanvasElement.Tool.allCases.randomElement(using: &generator)!, color: "#a1b2c3", width: number(),
                                     points: (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                                         InkPoint(x: number(), y: number(), pressure: number(), t: number())
                                     }))
            case 1:
                content = .photo(.init(mediaId: UUID()))
            default:
                content = .text(.init(text: awkward.randomElement(using: &generator)!, font: CanvasElement.Font.allCases.randomElement(using: &generator)!,
                                      size: number(), color: "#000000ff", align: CanvasElement.Alignment.allCases.randomElement(using: &generator)!))
            }
            elements.append(CanvasElement(id: awkward.randomElement(using: &generator)! + "\(index)", z: Int.random(in: -5...1_000_000, using: &generator),
                                          frame: frame(), rotation: number(), content: content))
        }
        let canvas = Canvas(paper: .grid, elements: elements)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let reference = try encoder.encode(canvas)

        let written = try canvas.encoded()
        #expect(written == reference, "\(String(decoding: written.prefix(400), as: UTF8.self))")
        #expect(try Canvas.decode(written) == canvas)
        #expect(try JSONDecoder().decode(Canvas.self, from: written) == canvas)

        // Any JSON the Codable reading takes: spaces, keys in any order, unknown keys, escapes.
        let loose = #"""
         { "extra": [1, {"a": null}, true, false, "x"], "paper" : "dotted", "version": 1,
           "elements": [ { "type": "text", "z": 3, "id": "t\u00e9\ud83c\udf89", "rotation": -1.5E+1,
             "frame": {"y": 2E2, "x": -0.125, "height": 10, "width": 1e1, "depth": 9},
             "text": "line\none \"quoted\" \/ \\", "font": "mono", "size": 12.50, "color": "#ffffff", "align": "right" } ] }
        """#
        #expect(try Canvas.decode(Data(loose.utf8)) == JSONDecoder().decode(Canvas.self, from: Data(loose.utf8)))
        #expect(try Canvas.decode(Data(loose.utf8)).elements.first?.id == "té🎉")
        // …and refuses what it refuses: trailing text, a leading zero, a number out of range.
        let outOfRange = #"{"version":1,"paper":"plain","elements":[{"id":"a","type":"photo","z":0,"#
            + #""frame":{"x":1e400,"y":0,"width":1,"height":1},"mediaId":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}]}"#
        for bad in [#"{"version":1,"paper":"plain","elements":[]} x"#, #"{"version":01,"paper":"plain","elements":[]}"#, outOfRange] {
            #expect(throws: DecodingError.self, "\(bad)") { try Canvas.decode(Data(bad.utf8)) }
        }
    }

    @Test func unknownKindsAndShortPointsAreDecodingErrors() throws {
        let unknown = #"{"version":1,"paper":"plain","elements":[{"id":"a","type":"sticker","z":0,"frame":{"x":0,"y":0,"width":1,"height":1}}]}"#
        #expect(throws: DecodingError.self) { try Canvas.decode(Data(unknown.utf8)) }
        let short = ##"{"version":1,"paper":"plain","elements":[{"id":"a","type":"ink","z":0,"frame":{"x":0,"y":0,"width":1,"height":1},"tool":"pen","color":"#000000","width":2,"points":[[0.1,0.2,0.3]]}]}"##
        #expect(throws: DecodingError.self) { try Canvas.decode(Data(short.utf8)) }
        // JSON has no NaN: a client that wrote one sent no JSON at all.
        let nan = ##"{"version":1,"paper":"plain","elements":[{"id":"a","type":"ink","z":0,"frame":{"x":NaN,"y":0,"width":1,"height":1},"tool":"pen","color":"#000000","width":2,"points":[[0,0,0,0]]}]}"##
        #expect(throws: (any Error).self) { try Canvas.decode(Data(nan.utf8)) }
        // Left out is a default; `null` is no number.
        let upright = #"{"version":1,"paper":"plain","elements":[{"id":"a","type":"photo","z":0,"frame":{"x":0,"y":0,"width":1,"height":1},"mediaId":"6F9619FF-8B86-D011-B42D-00C04FC964FF"}]}"#
        #expect(try Canvas.decode(Data(upright.utf8)).elements.first?.rotation == 0)
        let null = upright.replacingOccurrences(of: #""z":0"#, with: #""z":0,"rotation":null"#)
        #expect(throws: DecodingError.self) { try Canvas.decode(Data(null.utf8)) }
        let change = #"{"opId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","kind":"update","elementId":"a","changes":{"frame":null}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CanvasOperation.self, from: Data(change.utf8)) }
    }

    @Test func everyBoundIsCheckedAndNamedToTheValue() {
        var canvas = Canvas(elements: [Self.ink("k1"), Self.text("t1")])
        var validator = CanvasValidator()
        validator.check(canvas)
        #expect(validator.isValid)

        canvas.elements[0].frame.x = .nan
        canvas.elements[0].rotation = 400
        if case .ink(var ink) = canvas.elements[0].content {
            ink.points[2].x = 1.5
            ink.points[1].pressure = -.infinity
            ink.color = "red"
            ink.width = 0
            canvas.elements[0].content = .ink(ink)
        }
        canvas.elements[1].id = "no spaces"
        canvas.elements[1].z = -1
        canvas.elements.append(Self.text("t1", "tab\tand\nnewline are fine"))
        canvas.elements.append(Self.text("t2", "but not a bell \u{7}"))
        canvas.version = 2
        validator = CanvasValidator()
        validator.check(canvas)
        let fields = Set(validator.problems.map(\.field))
        #expect(fields == [
            "canvas.version", "canvas.elements[0].frame.x", "canvas.elements[0].rotation", "canvas.elements[0].color",
            "canvas.elements[0].width", "canvas.elements[0].points[1][2]", "canvas.elements[0].points[2][0]",
            "canvas.elements[1].id", "canvas.elements[1].z", "canvas.elements[3].text",
        ], "\(validator.problems)")
        #expect(validator.problems.first { $0.field == "canvas.elements[0].frame.x" }?.message == "Must be a finite number.")
        // The duplicate id is the third text's, but the second's id is invalid, so only one `t1` remains valid.
        var duplicates = CanvasValidator()
        duplicates.check(Canvas(elements: [Self.text("same"), Self.ink("same")]))
        #expect(duplicates.problems.map(\.field) == ["canvas.elements[1].id"])
    }

    @Test func theTotalsAreTheContractsAndABrokenPageGetsAShortAnswer() {
        var many = CanvasValidator()
        many.check(Canvas(elements: (0...CanvasLimits.elements).map { Self.text("e\($0)") }))
        #expect(many.problems.map(\.message).contains("A page holds at most 2,000 elements; this one would have 2,001."))

        var points = CanvasValidator()
        points.check(Canvas(elements: [Self.ink("a", points: 100_000), Self.ink("b", points: 100_001)]))
        #expect(points.problems.map(\.message) == ["A page holds at most 200,000 points of ink; this one would have 200,001."])

        var size = CanvasValidator()
        size.checkSize(CanvasLimits.bytes + 1, at: "canvas")
        #expect(size.problems.map(\.field) == ["canvas"])

        var broken = CanvasValidator()
        var ink = Self.ink("bad", points: 5_000)
        if case .ink(var stroke) = ink.content {
            stroke.points = stroke.points.map { InkPoint(x: 2, y: $0.y, pressure: $0.pressure, t: $0.t) }
            ink.content = .ink(stroke)
        }
        broken.check(Canvas(elements: [ink]))
        #expect(broken.problems.count == CanvasValidator.problemLimit)
    }

    @Test func operationsApplyTheSameEverywhereAndNeverFail() {
        var page = Canvas()
        let add = CanvasOperation(.add(Self.ink("k1")))
        let added = page.apply(add)
        #expect(added)
        let addedAgain = page.apply(add)
        #expect(!addedAgain, "an id already taken is not added twice")
        let changed1 = page.apply(CanvasOperation(.update(elementID: "k1", CanvasChanges(frame: CanvasFrame(x: 1, y: 2, width: 3, height: 4), z: 9, color: "#ffffff", font: .mono))))
        #expect(changed1)
        #expect(page.element("k1")?.frame == CanvasFrame(x: 1, y: 2, width: 3, height: 4))
        #expect(page.element("k1")?.z == 9)
        guard case .ink(let ink)? = page.element("k1")?.content else { Issue.record("not ink"); return }
        #expect(ink.color == "#ffffff")
        let changed2 = page.apply(CanvasOperation(.appendPoints(elementID: "k1", [InkPoint(x: 1, y: 1)])))
        #expect(changed2)
        #expect(page.pointCount == 4)
        let changed3 = page.apply(CanvasOperation(.delete(elementID: "k1")))
        #expect(changed3)
        // About an element that is gone: nothing happens, on every client alike.
        let changed4 = page.apply(CanvasOperation(.update(elementID: "k1", CanvasChanges(z: 1))))
        #expect(!changed4)
        let changed5 = page.apply(CanvasOperation(.appendPoints(elementID: "k1", [InkPoint(x: 0, y: 0)])))
        #expect(!changed5)
        let changed6 = page.apply(CanvasOperation(.delete(elementID: "k1")))
        #expect(!changed6)
        #expect(page.isEmpty)
    }

    @Test func aPageKeptWithItsElementsJSONWritesWhatTheWholePageWould() throws {
        // Every kind of operation, on elements that exist and that do not, in a random order.
        var generator = SystemRandomNumberGenerator()
        var reference = Canvas(paper: .dotted, elements: [Self.ink("k0", points: 5), Self.text("t0", "first")])
        var kept = EncodedCanvas(reference)
        for step in 0..<400 {
            let id = ["k0", "t0", "k1", "t1", "k2", "missing"].randomElement(using: &generator)!
            let operation: CanvasOperation
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: operation = CanvasOperation(.add(id.hasPrefix("t") ? Self.text(id, "step \(step) \"quoted\"") : Self.ink(id, points: step % 7)))
            case 1: operation = CanvasOperation(.update(elementID: id, CanvasChanges(rotation: Double(step) / 8, z: step, text: "edited \(step)")))
            case 2: operation = CanvasOperation(.delete(elementID: id))
            case 3: operation = CanvasOperation(.appendPoints(elementID: id, [InkPoint(x: 0.125, y: Double(step) / 400, pressure: 0.7, t: Double(step))]))
            default: operation = CanvasOperation(.update(elementID: id, CanvasChanges(frame: CanvasFrame(x: -3.5, y: 1e-3, width: 12.25, height: 900))))
            }
            let changedReference = reference.apply(operation)
            let changedKept = kept.apply(operation)
            #expect(changedReference == changedKept)
            #expect(kept.canvas == reference)
            #expect(Data(kept.encoded) == (try reference.encoded()), "after step \(step), \(operation)")
        }
    }

    @Test func twoEditorsWhoApplyOneOrderEndOnOnePage() {
        // Each editor's own change first, then the server's order: the same page either way.
        let first = [CanvasOperation(.add(Self.text("a"))), CanvasOperation(.update(elementID: "a", CanvasChanges(text: "Ada's")))]
        let second = [CanvasOperation(.update(elementID: "a", CanvasChanges(text: "Grace's", size: 50))), CanvasOperation(.add(Self.ink("b")))]
        let order = [first[0], second[0], first[1], second[1]]
        var server = Canvas()
        order.forEach { server.apply($0) }
        var replayed = Canvas()
        for operation in order { replayed.apply(operation) }
        #expect(server == replayed)
        guard case .text(let text)? = server.element("a")?.content else { Issue.record("no text"); return }
        #expect(text.text == "Ada's")
        #expect(text.size == 50)
    }

    @Test func anUpdatesInverseUndoesIt() {
        var page = Canvas(elements: [Self.text("t")])
        let before = page
        let changes = CanvasChanges(frame: CanvasFrame(x: 5, y: 5, width: 50, height: 50), rotation: 30, color: "#ff0000", text: "changed")
        let undo = changes.inverse(on: page.elements[0])
        page.apply(CanvasOperation(.update(elementID: "t", changes)))
        #expect(page != before)
        page.apply(CanvasOperation(.update(elementID: "t", undo)))
        #expect(page == before)
    }

    @Test func operationsRoundTripThroughJSON() throws {
        let operations = [
            CanvasOperation(.add(Self.text("t"))),
            CanvasOperation(.update(elementID: "t", CanvasChanges(rotation: 5))),
            CanvasOperation(.delete(elementID: "t")),
            CanvasOperation(.appendPoints(elementID: "k", [InkPoint(x: 0.25, y: 0.75, pressure: 1, t: 16)])),
        ]
        let data = try JSONEncoder().encode(operations)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(json.map { $0["kind"] as? String } == ["add", "update", "delete", "appendPoints"])
        #expect(json.allSatisfy { $0["opId"] is String })
        #expect(try JSONDecoder().decode([CanvasOperation].self, from: data) == operations)
    }
}
