import Foundation

/// One page of a Memories book: a fixed 1000 × 1400 virtual sheet every client scales to its
/// screen, so ink, photos and text land in the same place on a phone, a desktop and in print.
/// The JSON form (`docs/MEMORIES_CANVAS.md`, `MemoriesCanvas` in the contract) is the same on
/// every client; this type is its one Swift reading, shared by the server and the apps.
public struct Canvas: Codable, Hashable, Sendable {
    public static let width = 1000.0
    public static let height = 1400.0
    /// The only version there is; a later format says so here, and old pages keep reading.
    public static let currentVersion = 1

    public var version: Int
    public var paper: Paper
    /// Back to front: a later element is drawn over an earlier one with the same `z`.
    public var elements: [CanvasElement]

    public init(version: Int = Canvas.currentVersion, paper: Paper = .plain, elements: [CanvasElement] = []) {
        self.version = version
        self.paper = paper
        self.elements = elements
    }

    /// The sheet's ruling, drawn under everything.
    public enum Paper: String, Codable, Hashable, Sendable, CaseIterable {
        case plain, lined, dotted, grid
    }

    /// Elements in drawing order: by `z`, then by their place in the list.
    public var drawingOrder: [CanvasElement] {
        elements.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element)
    }

    /// Every ink point on the page.
    public var pointCount: Int {
        elements.reduce(0) { total, element in
            if case .ink(let ink) = element.content { return total + ink.points.count }
            return total
        }
    }

    /// The media every photo on the page shows, in order of first use.
    public var mediaIDs: [UUID] {
        var seen = Set<UUID>()
        return elements.compactMap { element -> UUID? in
            guard case .photo(let photo) = element.content, seen.insert(photo.mediaId).inserted else { return nil }
            return photo.mediaId
        }
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The page's stored form: compact JSON with keys in sorted order, so its size (which the
    /// limits count) is the same wherever it is measured. Written by `CanvasJSON`, byte for byte
    /// what `JSONEncoder` with `.sortedKeys` writes, several times faster.
    public func encoded() throws -> Data {
        Data(CanvasJSON.encode(self))
    }

    /// Reads a page's JSON (any JSON the `Codable` reading takes) into the same `Canvas`.
    public static func decode(_ data: Data) throws -> Canvas {
        try CanvasJSON.decode(data)
    }
}

/// Where an element sits on the sheet, in page units: its unrotated box, turned by the element's
/// `rotation` about the box's centre.
public struct CanvasFrame: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The bounds every page keeps, the same numbers the contract states.
public enum CanvasLimits {
    public static let elements = 2_000
    public static let points = 200_000
    /// The stored JSON, as `Canvas.encoded()` writes it.
    public static let bytes = 2 << 20
    /// An element's box may hang off the page (a photo pushed half out), but not wander off it:
    /// its origin stays within one page's size of the sheet.
    public static let originX = -1_000.0...2_000.0
    public static let originY = -1_400.0...2_800.0
    public static let size = 1.0...4_000.0
    public static let rotation = -360.0...360.0
    public static let z = 0...1_000_000
    public static let idLength = 1...64
    public static let inkWidth = 0.5...200.0
    /// Milliseconds since the stroke began: ten minutes is longer than any one stroke.
    public static let pointTime = 0.0...600_000.0
    public static let textLength = 5_000
    public static let textSize = 6.0...400.0
    /// At most this many operations in one request.
    public static let operationsPerBatch = 100
}
