import Foundation

/// Why a field resolved as it did, for the owner's view (docs/RIN.md §2.5, Owner's view): which
/// circle decided, whether that was the circle's template, or which override replaced it.
public enum RinAccessSource: Hashable, Sendable {
    /// The owner looking at their own profile: everything, from nobody's policy.
    case owner
    /// The most permissive of the viewer's circles; `isTemplateDefault` when that circle has no
    /// cell for the field ("hidden, default from Contacts").
    case circle(id: UUID, isTemplateDefault: Bool)
    /// A personal override, of this field or of all fields, set by hand or by an approved ask.
    case override(scope: RinOverrideScope, origin: RinOverrideOrigin)
    /// The viewer is in no circle at all. The server always passes Public for a signed-in viewer,
    /// so this means a caller forgot it; the answer is Don't Allow, never more.
    case noCircle
}
