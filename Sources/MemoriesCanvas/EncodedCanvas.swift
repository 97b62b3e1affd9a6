import Foundation

/// A page held beside each element's stored JSON, so applying an operation re-encodes the one
/// element it touched and the page's JSON is the pieces joined. A shared page of 200,000 points
/// is about 6 MB of JSON; re-encoding all of it for each stroke made every stroke cost the whole
/// page.
public struct EncodedCanvas: Sendable {
    public private(set) var canvas: Canvas
    private var pieces: [String: [UInt8]]

    public init(_ canvas: Canvas) {
        self.canvas = canvas
        pieces = Dictionary(canvas.elements.map { ($0.id, CanvasJSON.encode($0)) }, uniquingKeysWith: { _, last in last })
    }

    /// `Canvas.apply`, keeping the touched element's JSON current.
    @discardableResult
    public mutating func apply(_ operation: CanvasOperation) -> Bool {
        guard canvas.apply(operation) else { return false }
        let id = operation.elementID
        pieces[id] = canvas.element(id).map(CanvasJSON.encode)
        return true
    }

    /// Exactly `canvas.encoded()`.
    public var encoded: [UInt8] {
        CanvasJSON.assemble(canvas.elements.map { pieces[$0.id] ?? CanvasJSON.encode($0) }, paper: canvas.paper, version: canvas.version)
    }
}
