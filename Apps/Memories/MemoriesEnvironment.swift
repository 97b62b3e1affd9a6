import Foundation
import MemoriesCore
import SwiftUI

/// Who is looking: their account id, known from sign-in, which tells the friend from me among a
/// book's members and "Letter from you" from the friend's.
struct Viewer: Equatable, Sendable {
    let id: UUID
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

extension View {
    /// What every page view reads from the environment, passed on explicitly where SwiftUI does
    /// not carry it: a `UIHostingController` made in code (the page curl's pages) starts from an
    /// empty environment.
    func signedInEnvironment(viewer: Viewer?, mediaBaseURL: URL?, photos: PhotoCache?) -> some View {
        environment(\.viewer, viewer)
            .environment(\.mediaBaseURL, mediaBaseURL)
            .environment(photos)
    }
}
