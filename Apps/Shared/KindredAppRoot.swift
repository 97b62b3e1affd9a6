import KindredSDK
import SwiftUI

/// Every Kindred app's root: sign-in until someone is signed in, then the app. It follows the
/// session, so signing in, signing out and the server ending the session (a refused refresh) all
/// switch screens without any view having to ask.
///
/// The signed-in content is built for one account and thrown away when it signs out (`.id`), so
/// models it creates with `@State` belong to that account: the next one starts from nothing.
///
/// ```swift
/// KindredAppRoot(session: session, appName: "Innovation Engine") { userID in
///     SignedInTabs(session: session)
/// }
/// ```
struct KindredAppRoot<SignedIn: View>: View {
    let session: KindredSession
    /// Shown on the sign-in screen, and with the device model names the session.
    let appName: String
    /// One line on what the app is for, above the sign-in form.
    let pitch: String?
    /// The app for the signed-in account, given its id.
    let content: @MainActor (UUID) -> SignedIn

    /// `.loading` until the Keychain has been read, so a signed-in user never sees the sign-in
    /// screen flash.
    @State private var account = Account.loading
    @State private var signOutFailure: SignOutFailure?
    @State private var showsSignOutFailure = false

    private enum Account {
        case loading
        case signedOut
        case signedIn(UUID)
    }

    /// A sign-out that went wrong, told from here because the screen that asked may be gone.
    private struct SignOutFailure {
        let title: String
        let message: String
    }

    init(session: KindredSession, appName: String, pitch: String? = nil,
         @ViewBuilder content: @escaping @MainActor (UUID) -> SignedIn) {
        self.session = session
        self.appName = appName
        self.pitch = pitch
        self.content = content
    }

    var body: some View {
        Group {
            switch account {
            case .loading:
                ProgressView()
            case .signedOut:
                SignInView(session: session, appName: appName, pitch: pitch)
            case .signedIn(let userID):
                content(userID)
                    .id(userID)
            }
        }
        .task {
            // The stream gives the state now and then each change, so nothing can slip in between
            // reading and listening; it ends (and stops listening) when this task is cancelled.
            for await userID in session.signedInChanges() {
                if let userID {
                    account = .signedIn(userID)
                } else {
                    account = .signedOut
                }
            }
        }
        .environment(\.signOut, SignOutAction { await signOut() })
        .alert(signOutFailure?.title ?? "", isPresented: $showsSignOutFailure, presenting: signOutFailure) { _ in
            Button("OK") {}
        } message: { failure in
            Text(failure.message)
        }
    }

    private func signOut() async {
        do {
            try await session.signOut()
        } catch {
            // The SDK forgets the session here even when the server cannot be told, so usually the
            // sign-in screen is already showing; only a Keychain that refused leaves us signed in.
            if await session.isSignedIn {
                signOutFailure = SignOutFailure(title: "Could not sign out", message: error.localizedDescription)
            } else {
                signOutFailure = SignOutFailure(
                    title: "Signed out on this device",
                    message: "\(error.localizedDescription) Your account lists this device's session until it expires."
                )
            }
            showsSignOutFailure = true
        }
    }
}
