import Foundation

/// The page's stored form, written and read by hand.
///
/// A page of handwriting is hundreds of thousands of numbers in small arrays, and `Codable`
/// spends most of its time on each array's container rather than on the numbers: on Linux it
/// took 40 ms to write and 30 ms to read a page of 50,000 points, on every save and every
/// operation. This writes the same JSON (compact, keys in sorted order, every number the
/// shortest that reads back exactly) and reads any JSON the `Codable` reading accepts, into the
/// same `Canvas`; the tests hold the two to each other.
enum CanvasJSON {
    static func encode(_ canvas: Canvas) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(64 + canvas.elements.count * 160 + canvas.pointCount * 26)
        writer.raw("{\"elements\":[")
        for (index, element) in canvas.elements.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.element(element)
        }
        writer.raw("],\"paper\":")
        writer.string(canvas.paper.rawValue)
        writer.raw(",\"version\":")
        writer.int(canvas.version)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    /// One element's JSON, as it sits in its page's.
    static func encode(_ element: CanvasElement) -> [UInt8] {
        var writer = Writer()
        writer.element(element)
        return writer.bytes
    }

    /// A page from its elements' JSON, in order: exactly `encode(canvas)`.
    static func assemble(_ pieces: [[UInt8]], paper: Canvas.Paper, version: Int) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(64 + pieces.reduce(0) { $0 + $1.count + 1 })
        writer.raw("{\"elements\":[")
        for (index, piece) in pieces.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.bytes.append(contentsOf: piece)
        }
        writer.raw("],\"paper\":")
        writer.string(paper.rawValue)
        writer.raw(",\"version\":")
        writer.int(version)
        writer.byte(UInt8(ascii: "}"))
        return writer.bytes
    }

    static func decode(_ bytes: some ContiguousBytes) throws -> Canvas {
        try bytes.withUnsafeBytes { buffer in
            var reader = Reader(buffer)
            let canvas = try reader.canvas()
            reader.skipSpace()
            guard reader.atEnd else { throw reader.error("Unexpected text after the page") }
            return canvas
        }
    }
}
