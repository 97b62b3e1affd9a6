import MemoriesCore
import PencilKit

/// Which ink elements each stroke of a PencilKit drawing stands for. PencilKit strokes carry
/// no id, so after PencilKit changes its drawing (a stroke drawn, erased, lassoed) the ledger
/// tells the changes as operations: a stroke it knows keeps its element, a stroke it does not is
/// a new element, and a stroke that has gone takes its elements with it. A stroke moved by the
/// lasso, or cut by the pixel eraser, is a stroke PencilKit changed: its element is deleted and
/// the stroke as it is now added (one element per piece the eraser left).
struct StrokeLedger {
    /// The page's ink as the drawing shows it, by id, including any ink that could not be made
    /// into a stroke (so the ledger still matches the page it was made from).
    private(set) var elements: [String: CanvasElement] = [:]
    /// In the drawing's order: each stroke's fingerprint and the elements it stands for.
    private var strokes: [(fingerprint: StrokeFingerprint, ids: [String])] = []

    /// The drawing for the page's ink, and the ledger that knows its strokes.
    static func drawing(for inks: [CanvasElement]) -> (PKDrawing, StrokeLedger) {
        var ledger = StrokeLedger()
        var made: [PKStroke] = []
        for element in inks {
            ledger.elements[element.id] = element
            guard let stroke = PencilKitConversion.stroke(from: element) else { continue }
            made.append(stroke)
            ledger.strokes.append((StrokeFingerprint(stroke), [element.id]))
        }
        return (PKDrawing(strokes: made), ledger)
    }

    /// This ledger with its fingerprints taken from `drawing`'s strokes, in order: the drawing
    /// made from it, as the canvas view holds it.
    func adopting(_ drawing: PKDrawing) -> StrokeLedger {
        guard drawing.strokes.count == strokes.count else { return self }
        var adopted = self
        for (index, stroke) in drawing.strokes.enumerated() {
            adopted.strokes[index].fingerprint = StrokeFingerprint(stroke)
        }
        return adopted
    }

    /// Whether the drawing already shows exactly this ink (so it need not be rebuilt).
    func shows(_ inks: [CanvasElement]) -> Bool {
        inks.count == elements.count && inks.allSatisfy { elements[$0.id] == $0 }
    }

    /// What PencilKit changed since this ledger was made, as operations (deletions first), and
    /// the ledger for the drawing as it is now. New elements get `nextZ` upwards, over
    /// everything already on the page.
    func changes(to drawing: PKDrawing, nextZ: Int) -> (operations: [CanvasOperation], ledger: StrokeLedger) {
        var unmatched: [StrokeFingerprint: [[String]]] = [:]
        for stroke in strokes { unmatched[stroke.fingerprint, default: []].append(stroke.ids) }

        var next = StrokeLedger()
        next.elements = elements
        var added: [CanvasOperation] = []
        var z = nextZ
        for stroke in drawing.strokes {
            let fingerprint = StrokeFingerprint(stroke)
            if var candidates = unmatched[fingerprint], !candidates.isEmpty {
                next.strokes.append((fingerprint, candidates.removeFirst()))
                unmatched[fingerprint] = candidates
                continue
            }
            let made = PencilKitConversion.elements(from: stroke, firstZ: z) { CanvasElement.newID("ink") }
            z = min(z + made.count, CanvasLimits.z.upperBound)
            for element in made {
                next.elements[element.id] = element
                added.append(CanvasOperation(.add(element)))
            }
            next.strokes.append((fingerprint, made.map(\.id)))
        }

        var deleted: [CanvasOperation] = []
        for id in unmatched.values.flatMap({ $0 }).flatMap({ $0 }) {
            next.elements[id] = nil
            deleted.append(CanvasOperation(.delete(elementID: id)))
        }
        return (deleted + added, next)
    }
}

/// What tells one stroke from another without an id: PencilKit keeps a stroke's path, creation
/// date, bounds and mask as they were until it changes the stroke, and any change it makes (a
/// transform, a mask) shows in its render bounds or its visible ranges.
struct StrokeFingerprint: Hashable {
    let created: TimeInterval
    let pointCount: Int
    let bounds: [CGFloat]
    let visibleRanges: [CGFloat]

    init(_ stroke: PKStroke) {
        created = stroke.path.creationDate.timeIntervalSinceReferenceDate
        pointCount = stroke.path.count
        let box = stroke.renderBounds
        bounds = [box.minX, box.minY, box.width, box.height]
        visibleRanges = stroke.mask == nil ? [] : stroke.maskedPathRanges.flatMap { [$0.lowerBound, $0.upperBound] } + [-1]
    }
}
