/// One field's answer for one viewer: its value and where it came from.
public struct RinResolvedAccess: Hashable, Sendable {
    public let field: RinFieldDescriptor
    public let access: RinAccess
    public let source: RinAccessSource

    public init(field: RinFieldDescriptor, access: RinAccess, source: RinAccessSource) {
        self.field = field
        self.access = access
        self.source = source
    }
}
