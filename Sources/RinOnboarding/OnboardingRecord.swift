import Foundation

/// What this device keeps once an account has been through onboarding (or was found to need
/// none), under `RinStore.Key.onboarding`. The server keeps no such flag: an existing user on a
/// new device is recognised by their book and circles instead.
struct OnboardingRecord: Codable, Sendable {
    var finishedAt: Date
    /// nil when onboarding was skipped because the account was already in use.
    var contacts: OnboardingContactsChoice?
}
