import Foundation

/// A circle as the circles step explains it: who is in it and what it shows by default, in words.
public struct OnboardingCircle: Identifiable, Hashable, Sendable {
    public let circle: RinCircle
    public var id: UUID { circle.id }
    public var name: String { circle.name }
    /// "Anyone on Rin", "The people you put in Family".
    public let members: String
    /// What a member sees unless the grid says otherwise.
    public let shows: String

    public init(_ circle: RinCircle) {
        self.circle = circle
        members = Self.members(of: circle)
        shows = Self.shows(circle.template)
    }

    static func members(of circle: RinCircle) -> String {
        switch circle.kind {
        case .contacts: "Everyone in your book. Its rules apply to a person no other circle names."
        case ._public: "Anyone on Rin, including people you have never met."
        case .family, .friends, .colleagues, .custom: "The people you put in \(circle.name)."
        }
    }

    /// The template's defaults (docs/RIN.md §2.4), said the way the web's circle screens say them.
    static func shows(_ template: RinCircleTemplate) -> String {
        switch template {
        case .nameOnly: "Only your name."
        case .permissive: "Everything on your profile."
        case .moderate: "Your name, photo, primary phone and primary e-mail. They can ask for anything else."
        case .restricted: "Your name and your work phone and e-mail. Nothing personal."
        }
    }
}
