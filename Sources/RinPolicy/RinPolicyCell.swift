/// One cell of the grid as the owner sees it: its value, and whether that value is the circle
/// template's (no cell stored) or the owner's own (`getRinPolicyGrid`, docs/RIN.md §5).
public struct RinPolicyCell: Hashable, Sendable {
    public let access: RinAccess
    public let isTemplateDefault: Bool

    public init(access: RinAccess, isTemplateDefault: Bool) {
        self.access = access
        self.isTemplateDefault = isTemplateDefault
    }
}
