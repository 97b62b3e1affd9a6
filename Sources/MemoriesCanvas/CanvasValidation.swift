import Foundation

/// One thing wrong with a page or an operation, named down to the value: `canvas.elements[3].points[17][0]`.
public struct CanvasProblem: Hashable, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}

/// The checks a page passes before it is stored and before a client sends it: finite numbers
/// within the sheet's bounds, known kinds, well-formed ids and colours, unique ids, and the
/// totals in `CanvasLimits`. The server runs them on every write; the apps run them before
/// queueing an edit, so nothing they make is refused later.
public struct CanvasValidator {
    /// Enough to point at what is wrong without answering a broken 2 MiB page with a longer list.
    public static let problemLimit = 20

    public private(set) var problems: [CanvasProblem] = []

    public init() {}

    public var isValid: Bool { problems.isEmpty }

    /// A whole page (a letter's draft; a memory page as created).
    public mutating func check(_ canvas: Canvas, at path: String = "canvas") {
        if canvas.version != Canvas.currentVersion {
            fail(path + ".version", "The page format is version \(Canvas.currentVersion).")
        }
        checkTotals(elements: canvas.elements.count, points: canvas.pointCount, at: path)
        var seen = Set<String>()
        for (index, element) in canvas.elements.enumerated() {
            let elementPath = "\(path).elements[\(index)]"
            check(element, at: elementPath)
            if !seen.insert(element.id).inserted { fail(elementPath + ".id", "Another element on this page has the id `\(element.id)`.") }
            if problems.count >= Self.problemLimit { return }
        }
    }

    /// The page's totals: at most `CanvasLimits.elements` elements and `CanvasLimits.points` points.
    public mutating func checkTotals(elements: Int, points: Int, at path: String) {
        if elements > CanvasLimits.elements {
            fail(path + ".elements", "A page holds at most \(grouped(CanvasLimits.elements)) elements; this one would have \(grouped(elements)).")
        }
        if points > CanvasLimits.points {
            fail(path + ".elements", "A page holds at most \(grouped(CanvasLimits.points)) points of ink; this one would have \(grouped(points)).")
        }
    }

    /// The stored JSON's size (`Canvas.encoded()`).
    public mutating func checkSize(_ bytes: Int, at path: String) {
        if bytes > CanvasLimits.bytes {
            fail(path, "A page is at most 2 MiB; this one would be \(String(format: "%.1f", Double(bytes) / 1_048_576)) MiB.")
        }
    }

    public mutating func check(_ element: CanvasElement, at path: String) {
        checkID(element.id, at: path + ".id")
        if !CanvasLimits.z.contains(element.z) { fail(path + ".z", "`z` is a whole number from 0 to 1,000,000.") }
        check(element.frame, at: path + ".frame")
        number(element.rotation, in: CanvasLimits.rotation, at: path + ".rotation", "degrees")
        switch element.content {
        case .ink(let ink):
            checkColor(ink.color, at: path + ".color")
            number(ink.width, in: CanvasLimits.inkWidth, at: path + ".width", "page units")
            if ink.points.isEmpty { fail(path + ".points", "A stroke needs at least one point.") }
            check(ink.points, at: path + ".points")
        case .photo:
            break
        case .text(let text):
            checkText(text.text, at: path + ".text")
            number(text.size, in: CanvasLimits.textSize, at: path + ".size", "page units")
            checkColor(text.color, at: path + ".color")
        }
    }

    public mutating func check(_ operation: CanvasOperation, at path: String) {
        switch operation.action {
        case .add(let element):
            check(element, at: path + ".element")
        case .update(let id, let changes):
            checkID(id, at: path + ".elementId")
            let changesPath = path + ".changes"
            if let frame = changes.frame { check(frame, at: changesPath + ".frame") }
            if let rotation = changes.rotation { number(rotation, in: CanvasLimits.rotation, at: changesPath + ".rotation", "degrees") }
            if let z = changes.z, !CanvasLimits.z.contains(z) { fail(changesPath + ".z", "`z` is a whole number from 0 to 1,000,000.") }
            if let color = changes.color { checkColor(color, at: changesPath + ".color") }
            if let width = changes.width { number(width, in: CanvasLimits.inkWidth, at: changesPath + ".width", "page units") }
            if let text = changes.text { checkText(text, at: changesPath + ".text") }
            if let size = changes.size { number(size, in: CanvasLimits.textSize, at: changesPath + ".size", "page units") }
        case .delete(let id):
            checkID(id, at: path + ".elementId")
        case .appendPoints(let id, let points):
            checkID(id, at: path + ".elementId")
            if points.isEmpty { fail(path + ".points", "Send at least one point.") }
            check(points, at: path + ".points")
        }
    }

    private mutating func check(_ frame: CanvasFrame, at path: String) {
        number(frame.x, in: CanvasLimits.originX, at: path + ".x", "page units")
        number(frame.y, in: CanvasLimits.originY, at: path + ".y", "page units")
        number(frame.width, in: CanvasLimits.size, at: path + ".width", "page units")
        number(frame.height, in: CanvasLimits.size, at: path + ".height", "page units")
    }

    private mutating func check(_ points: [InkPoint], at path: String) {
        for (index, point) in points.enumerated() {
            // The common case, checked in one comparison chain: a page of 50,000 points is
            // validated on every save.
            if point.x >= 0, point.x <= 1, point.y >= 0, point.y <= 1, point.pressure >= 0, point.pressure <= 1,
               point.t >= CanvasLimits.pointTime.lowerBound, point.t <= CanvasLimits.pointTime.upperBound { continue }
            let pointPath = "\(path)[\(index)]"
            number(point.x, in: 0...1, at: pointPath + "[0]", "x runs from 0 to 1 across the frame")
            number(point.y, in: 0...1, at: pointPath + "[1]", "y runs from 0 to 1 down the frame")
            number(point.pressure, in: 0...1, at: pointPath + "[2]", "pressure runs from 0 to 1")
            number(point.t, in: CanvasLimits.pointTime, at: pointPath + "[3]", "milliseconds since the stroke began")
            if problems.count >= Self.problemLimit { return }
        }
    }

    private mutating func checkID(_ id: String, at path: String) {
        let allowed = id.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
        if !CanvasLimits.idLength.contains(id.utf8.count) || !allowed {
            fail(path, "An element id is 1 to 64 letters, digits, `-` or `_`.")
        }
    }

    private mutating func checkColor(_ color: String, at path: String) {
        if !Self.isColor(color) { fail(path, "A colour is `#rrggbb` or `#rrggbbaa`.") }
    }

    public static func isColor(_ color: String) -> Bool {
        let bytes = Array(color.utf8)
        guard bytes.count == 7 || bytes.count == 9, bytes[0] == 0x23 else { return false }
        return bytes.dropFirst().allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
        }
    }

    private mutating func checkText(_ text: String, at path: String) {
        if text.unicodeScalars.count > CanvasLimits.textLength {
            fail(path, "A text is at most \(grouped(CanvasLimits.textLength)) characters.")
        } else if text.unicodeScalars.contains(where: Self.isForbidden) {
            fail(path, "Text can hold line breaks and tabs, but no other control characters.")
        }
    }

    /// Control characters other than tab and line feed, and the Unicode line and paragraph separators.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    private mutating func number(_ value: Double, in range: ClosedRange<Double>, at path: String, _ unit: String) {
        if !value.isFinite {
            fail(path, "Must be a finite number.")
        } else if !range.contains(value) {
            fail(path, "Must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) (\(unit)).")
        }
    }

    private static func format(_ number: Double) -> String {
        number.rounded() == number ? grouped(Int(number)) : String(number)
    }

    private mutating func fail(_ field: String, _ message: String) {
        guard problems.count < Self.problemLimit else { return }
        problems.append(CanvasProblem(field: field, message: message))
    }
}

/// 200000 as people read it, 200,000, whatever the machine's locale.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return (number < 0 ? "-" : "") + out
}
