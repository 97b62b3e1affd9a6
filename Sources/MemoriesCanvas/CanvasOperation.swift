import Foundation

/// One change to one element of a shared page. The server puts each page's operations in one
/// order and every client applies them in that order with `Canvas.apply`, so two people editing
/// at once end on the same page. An operation never fails to apply: one about an element that
/// is gone (deleted by the other person a moment before) changes nothing, everywhere alike.
///
/// `id` is chosen by the client (`opId` in JSON) and is the operation's idempotency key: a client
/// back from offline sends its queue again, and an operation the server already has is not
/// applied twice.
public struct CanvasOperation: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var action: Action

    public init(id: UUID = UUID(), _ action: Action) {
        self.id = id
        self.action = action
    }

    public enum Action: Hashable, Sendable {
        /// Puts a new element on the page (nothing happens if its id is taken).
        case add(CanvasElement)
        /// Moves, resizes, rotates, restacks or restyles an element; a change that does not fit
        /// its kind (a font for ink) is ignored.
        case update(elementID: String, CanvasChanges)
        case delete(elementID: String)
        /// More points at the end of a stroke being drawn.
        case appendPoints(elementID: String, [InkPoint])
    }

    public var elementID: String {
        switch action {
        case .add(let element): element.id
        case .update(let id, _), .delete(let id), .appendPoints(let id, _): id
        }
    }

    private enum CodingKeys: String, CodingKey {
        case opId, kind, element, elementId, changes, points
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .opId)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "add":
            action = .add(try container.decode(CanvasElement.self, forKey: .element))
        case "update":
            action = .update(elementID: try container.decode(String.self, forKey: .elementId),
                             try container.decode(CanvasChanges.self, forKey: .changes))
        case "delete":
            action = .delete(elementID: try container.decode(String.self, forKey: .elementId))
        case "appendPoints":
            action = .appendPoints(elementID: try container.decode(String.self, forKey: .elementId),
                                   try container.decode([InkPoint].self, forKey: .points))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "`\(kind)` is not an operation: use add, update, delete or appendPoints.")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .opId)
        switch action {
        case .add(let element):
            try container.encode("add", forKey: .kind)
            try container.encode(element, forKey: .element)
        case .update(let elementID, let changes):
            try container.encode("update", forKey: .kind)
            try container.encode(elementID, forKey: .elementId)
            try container.encode(changes, forKey: .changes)
        case .delete(let elementID):
            try container.encode("delete", forKey: .kind)
            try container.encode(elementID, forKey: .elementId)
        case .appendPoints(let elementID, let points):
            try container.encode("appendPoints", forKey: .kind)
            try container.encode(elementID, forKey: .elementId)
            try container.encode(points, forKey: .points)
        }
    }
}

/// What an `update` sets; every field left nil stays as it was.
public struct CanvasChanges: Codable, Hashable, Sendable {
    public var frame: CanvasFrame?
    public var rotation: Double?
    public var z: Int?
    public var tool: CanvasElement.Tool?
    public var color: String?
    public var width: Double?
    public var text: String?
    public var font: CanvasElement.Font?
    public var size: Double?
    public var align: CanvasElement.Alignment?

    public init(frame: CanvasFrame? = nil, rotation: Double? = nil, z: Int? = nil, tool: CanvasElement.Tool? = nil,
                color: String? = nil, width: Double? = nil, text: String? = nil, font: CanvasElement.Font? = nil,
                size: Double? = nil, align: CanvasElement.Alignment? = nil) {
        self.frame = frame
        self.rotation = rotation
        self.z = z
        self.tool = tool
        self.color = color
        self.width = width
        self.text = text
        self.font = font
        self.size = size
        self.align = align
    }

    private enum CodingKeys: String, CodingKey {
        case frame, rotation, z, tool, color, width, text, font, size, align
    }

    /// A field left out stays as it was; a field sent as `null` is refused (it is no value of
    /// the field's type), as the contract says.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func value<T: Decodable>(_ key: CodingKeys) throws -> T? {
            container.contains(key) ? try container.decode(T.self, forKey: key) : nil
        }
        frame = try value(.frame)
        rotation = try value(.rotation)
        z = try value(.z)
        tool = try value(.tool)
        color = try value(.color)
        width = try value(.width)
        text = try value(.text)
        font = try value(.font)
        size = try value(.size)
        align = try value(.align)
    }

    /// The changes that would put `element` back as it is now: what undoing these needs.
    public func inverse(on element: CanvasElement) -> CanvasChanges {
        var undo = CanvasChanges()
        if frame != nil { undo.frame = element.frame }
        if rotation != nil { undo.rotation = element.rotation }
        if z != nil { undo.z = element.z }
        switch element.content {
        case .ink(let ink):
            if tool != nil { undo.tool = ink.tool }
            if color != nil { undo.color = ink.color }
            if width != nil { undo.width = ink.width }
        case .text(let text):
            if self.text != nil { undo.text = text.text }
            if font != nil { undo.font = text.font }
            if size != nil { undo.size = text.size }
            if color != nil { undo.color = text.color }
            if align != nil { undo.align = text.align }
        case .photo:
            break
        }
        return undo
    }
}

extension Canvas {
    /// Applies one operation. Deterministic and total: the same operations in the same order
    /// give the same page on every client and on the server. Returns whether anything changed.
    @discardableResult
    public mutating func apply(_ operation: CanvasOperation) -> Bool {
        switch operation.action {
        case .add(let element):
            guard !elements.contains(where: { $0.id == element.id }) else { return false }
            elements.append(element)
            return true
        case .update(let id, let changes):
            guard let index = elements.firstIndex(where: { $0.id == id }) else { return false }
            elements[index].apply(changes)
            return true
        case .delete(let id):
            guard let index = elements.firstIndex(where: { $0.id == id }) else { return false }
            elements.remove(at: index)
            return true
        case .appendPoints(let id, let points):
            guard let index = elements.firstIndex(where: { $0.id == id }),
                  case .ink(var ink) = elements[index].content else { return false }
            ink.points += points
            elements[index].content = .ink(ink)
            return true
        }
    }

    public func element(_ id: String) -> CanvasElement? {
        elements.first { $0.id == id }
    }
}

extension CanvasElement {
    public mutating func apply(_ changes: CanvasChanges) {
        if let frame = changes.frame { self.frame = frame }
        if let rotation = changes.rotation { self.rotation = rotation }
        if let z = changes.z { self.z = z }
        switch content {
        case .ink(var ink):
            if let tool = changes.tool { ink.tool = tool }
            if let color = changes.color { ink.color = color }
            if let width = changes.width { ink.width = width }
            content = .ink(ink)
        case .text(var text):
            if let value = changes.text { text.text = value }
            if let font = changes.font { text.font = font }
            if let size = changes.size { text.size = size }
            if let color = changes.color { text.color = color }
            if let align = changes.align { text.align = align }
            content = .text(text)
        case .photo:
            break
        }
    }
}
