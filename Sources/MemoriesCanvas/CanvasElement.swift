import Foundation

/// One thing on a page: a stroke of ink, a photo or a block of text. Every element has an id
/// (chosen by the client that made it, so an offline edit can name it before the server has seen
/// it), a `z` for drawing order, a frame and a rotation in degrees, clockwise.
///
/// In JSON the kind's own fields sit beside the common ones, named by `type`:
/// `{"id": "k3", "type": "ink", "z": 2, "frame": {…}, "rotation": 0, "tool": "pen", …}`.
public struct CanvasElement: Codable, Hashable, Sendable, Identifiable {
    public var id: String
    public var z: Int
    public var frame: CanvasFrame
    public var rotation: Double
    public var content: Content

    public init(id: String, z: Int = 0, frame: CanvasFrame, rotation: Double = 0, content: Content) {
        self.id = id
        self.z = z
        self.frame = frame
        self.rotation = rotation
        self.content = content
    }

    public enum Content: Hashable, Sendable {
        case ink(Ink)
        case photo(Photo)
        case text(Text)

        public var type: String {
            switch self {
            case .ink: "ink"
            case .photo: "photo"
            case .text: "text"
            }
        }
    }

    /// A stroke. Its points are in the frame's own space, (0, 0) its top-left corner and (1, 1)
    /// its bottom-right, so moving or resizing a stroke changes only its frame.
    public struct Ink: Hashable, Sendable {
        public var tool: Tool
        /// `#rrggbb` or `#rrggbbaa`.
        public var color: String
        /// The line's width in page units at full pressure.
        public var width: Double
        public var points: [InkPoint]

        public init(tool: Tool = .pen, color: String = "#1b1b1f", width: Double = 4, points: [InkPoint]) {
            self.tool = tool
            self.color = color
            self.width = width
            self.points = points
        }
    }

    public enum Tool: String, Codable, Hashable, Sendable, CaseIterable {
        /// A line whose width follows the pressure.
        case pen
        /// A thin, even line.
        case pencil
        /// A wide, translucent line of even width.
        case marker
    }

    /// A photo of this book, shown filling the frame (cropped to it, centred).
    public struct Photo: Hashable, Sendable {
        public var mediaId: UUID

        public init(mediaId: UUID) {
            self.mediaId = mediaId
        }
    }

    /// Text set in the frame's width, wrapping onto as many lines as it needs.
    public struct Text: Hashable, Sendable {
        public var text: String
        public var font: Font
        /// In page units.
        public var size: Double
        public var color: String
        public var align: Alignment

        public init(text: String, font: Font = .serif, size: Double = 36, color: String = "#1b1b1f", align: Alignment = .left) {
            self.text = text
            self.font = font
            self.size = size
            self.color = color
            self.align = align
        }
    }

    /// Families every client has: each maps to a system font, not a downloaded one.
    public enum Font: String, Codable, Hashable, Sendable, CaseIterable {
        case serif, sans, hand, mono
    }

    public enum Alignment: String, Codable, Hashable, Sendable, CaseIterable {
        case left, center, right
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, z, frame, rotation
        case tool, color, width, points
        case mediaId
        case text, font, size, align
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        z = try container.decode(Int.self, forKey: .z)
        frame = try container.decode(CanvasFrame.self, forKey: .frame)
        // Left out means upright; `null` is not a number, and is refused like any other non-number.
        rotation = container.contains(.rotation) ? try container.decode(Double.self, forKey: .rotation) : 0
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "ink":
            content = .ink(Ink(
                tool: try container.decode(Tool.self, forKey: .tool), color: try container.decode(String.self, forKey: .color),
                width: try container.decode(Double.self, forKey: .width), points: try container.decode([InkPoint].self, forKey: .points)))
        case "photo":
            content = .photo(Photo(mediaId: try container.decode(UUID.self, forKey: .mediaId)))
        case "text":
            content = .text(Text(
                text: try container.decode(String.self, forKey: .text), font: try container.decode(Font.self, forKey: .font),
                size: try container.decode(Double.self, forKey: .size), color: try container.decode(String.self, forKey: .color),
                align: try container.decode(Alignment.self, forKey: .align)))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "`\(type)` is not an element type: use ink, photo or text.")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(content.type, forKey: .type)
        try container.encode(z, forKey: .z)
        try container.encode(frame, forKey: .frame)
        try container.encode(rotation, forKey: .rotation)
        switch content {
        case .ink(let ink):
            try container.encode(ink.tool, forKey: .tool)
            try container.encode(ink.color, forKey: .color)
            try container.encode(ink.width, forKey: .width)
            try container.encode(ink.points, forKey: .points)
        case .photo(let photo):
            try container.encode(photo.mediaId, forKey: .mediaId)
        case .text(let text):
            try container.encode(text.text, forKey: .text)
            try container.encode(text.font, forKey: .font)
            try container.encode(text.size, forKey: .size)
            try container.encode(text.color, forKey: .color)
            try container.encode(text.align, forKey: .align)
        }
    }
}

/// One sample of a stroke: `[x, y, pressure, t]` in JSON. x and y run from 0 to 1 across the
/// stroke's frame, pressure from 0 to 1 (a mouse sends 0.5), t is milliseconds since the stroke began.
public struct InkPoint: Codable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var pressure: Double
    public var t: Double

    public init(x: Double, y: Double, pressure: Double = 0.5, t: Double = 0) {
        self.x = x
        self.y = y
        self.pressure = pressure
        self.t = t
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 4 {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "A point is four numbers: [x, y, pressure, t].")
        }
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
        pressure = try container.decode(Double.self)
        t = try container.decode(Double.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(x)
        try container.encode(y)
        try container.encode(pressure)
        try container.encode(t)
    }
}
