import Foundation
import KinnectCore
import SwiftUI

/// Who is looking: their account id (known from sign-in, so "is this mine?" never waits) and
/// their profile once it has loaded (a comment's author while it is being sent).
struct Viewer: Equatable, Sendable {
    let id: UUID
    var profile: Profile?
}

extension EnvironmentValues {
    /// Set once by `SignedInTabs`; nil outside the signed-in screens.
    var viewer: Viewer? {
        get { self[ViewerKey.self] }
        set { self[ViewerKey.self] = newValue }
    }
}

private struct ViewerKey: EnvironmentKey {
    static var defaultValue: Viewer? { nil }
}

/// What else a block ends in Kinnect, said when asking to confirm one.
enum KinnectBlock {
    static let consequence = "You stop following each other."
}
