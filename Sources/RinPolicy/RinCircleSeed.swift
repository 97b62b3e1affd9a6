/// A circle a new profile is created with: what the server inserts into `rin_circles`.
public struct RinCircleSeed: Hashable, Sendable {
    public let kind: RinCircleKind
    public let template: RinCircleTemplate
    public let name: String
    public let color: RinCircleColor
    public let position: Int

    public init(kind: RinCircleKind, template: RinCircleTemplate, name: String, color: RinCircleColor, position: Int) {
        self.kind = kind
        self.template = template
        self.name = name
        self.color = color
        self.position = position
    }
}
