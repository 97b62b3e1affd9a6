/// Rin's first run, in order. Welcome is the first screen; the others are pushed one by one, so
/// going back is the navigation stack's own back.
public enum OnboardingStep: String, Hashable, Sendable, CaseIterable {
    case welcome
    /// The region that reads phone numbers typed without a country code.
    case region
    /// Import a file now, or later.
    case contacts
    /// The five circles a new profile starts with, and what each shows.
    case circles
    case done

    /// The step after this one; nil after the last.
    public var next: OnboardingStep? {
        let all = Self.allCases
        guard let index = all.firstIndex(of: self), index + 1 < all.endIndex else { return nil }
        return all[index + 1]
    }
}

/// What the person chose to do about the contacts they already have.
public enum OnboardingContactsChoice: String, Codable, Hashable, Sendable {
    /// Bring in a file now: the Contacts feature does the import once onboarding ends.
    case importFile
    case skip
}
