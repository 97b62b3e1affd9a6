import SwiftUI

/// "Sign out", for any signed-in screen's toolbar or menu. It asks the root to sign out rather
/// than calling the session itself: the session ends on this device even when the server cannot
/// be told, which removes this button with the rest of the signed-in screens, so only the root is
/// still there to say what went wrong.
struct SignOutButton: View {
    @Environment(\.signOut) private var signOut
    @State private var working = false

    var body: some View {
        Button("Sign out") {
            guard let signOut else { return }
            working = true
            Task {
                await signOut()
                working = false
            }
        }
        .disabled(signOut == nil || working)
    }
}

/// Signs out and reports any failure; `KindredAppRoot` provides it to everything it shows.
struct SignOutAction: Sendable {
    private let run: @MainActor @Sendable () async -> Void

    init(_ run: @escaping @MainActor @Sendable () async -> Void) {
        self.run = run
    }

    @MainActor func callAsFunction() async {
        await run()
    }
}

extension EnvironmentValues {
    /// Set by `KindredAppRoot`; nil outside it, where there is no one signed in to sign out.
    var signOut: SignOutAction? {
        get { self[SignOutActionKey.self] }
        set { self[SignOutActionKey.self] = newValue }
    }
}

private struct SignOutActionKey: EnvironmentKey {
    static var defaultValue: SignOutAction? { nil }
}
