import Foundation
import RinAppShell
import SwiftUI

@main
struct RinApp: App {
    // Exactly one session: it owns the tokens (in the Keychain, `KindredSession.live()`) and
    // serialises their refresh, so a second session would race it and the server would treat the
    // second refresh as token theft.
    private let session: KindredSession
    /// Rin's root for the app's whole life, unlike the other apps' signed-in models: it follows
    /// who is signed in itself (`run()`), empties the account's cache and queue at sign-out and
    /// makes every feature's navigation anew, so nothing of one account reaches the next. The
    /// models the screens make live in `KindredAppRoot`'s signed-in scope as usual.
    @State private var shell: RinShell
    @Environment(\.scenePhase) private var scenePhase

    init() {
        let session = KindredSession.live()
        self.session = session
        // The cache and the queue of changes made offline live on this device only; Application
        // Support survives relaunches and is not shown to the person in Files.
        _shell = State(initialValue: RinShell(context: RinContext(session: session, directory: Self.storage)))
    }

    var body: some Scene {
        WindowGroup {
            KindredAppRoot(session: session, appName: "Rin",
                           pitch: "Your address book, kept clean. You decide, field by field, who sees what of you.") { _ in
                RinTabs(shell: shell)
            }
            // Signed in, signed out, onboarding, links kept for after sign-in: the shell's to follow.
            .task { await shell.run() }
            // Changes made offline go out as soon as the device is back online, not at the next launch.
            .task {
                for await _ in ConnectionWatch.returns() {
                    await shell.context.sync()
                }
            }
            // A link opened while signed out is kept by the shell and opened after sign-in.
            .onOpenURL { url in
                _ = shell.open(url)
            }
        }
        .onChange(of: scenePhase) { _, phase in
            // Back in the foreground: what waited while the app was away (or offline) is sent.
            guard phase == .active else { return }
            Task { await shell.context.sync() }
        }
    }

    /// `Application Support/Rin`: RinContext keeps `cache/` (per account) and `queue.json` there.
    private static var storage: URL {
        URL.applicationSupportDirectory.appending(path: "Rin", directoryHint: .isDirectory)
    }
}
