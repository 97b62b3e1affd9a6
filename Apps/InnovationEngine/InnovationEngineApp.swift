import InnovationEngineCore
import KindredSDK
import SwiftUI

@main
struct InnovationEngineApp: App {
    // Exactly one session: it owns the tokens and serialises their refresh, so a second session
    // would race it and the server would treat the second refresh as token theft.
    private let session: KindredSession
    @State private var myCode: MyCodeModel
    @State private var scan: ScanModel
    @State private var network: NetworkModel

    init() {
        let session = KindredSession(serverURL: Self.serverURL, tokenStore: KeychainTokenStore())
        self.session = session
        _myCode = State(initialValue: MyCodeModel(session: session))
        _scan = State(initialValue: ScanModel(session: session))
        _network = State(initialValue: NetworkModel(session: session))
    }

    var body: some Scene {
        WindowGroup {
            RootView(session: session)
                .environment(myCode)
                .environment(scan)
                .environment(network)
        }
    }

    /// The server comes from the build (Info.plist `KindredServerURL`), so Debug and Release can
    /// point at different servers without code changes. The fallback is the local dev server,
    /// which the simulator reaches on the Mac's loopback.
    private static var serverURL: URL {
        if let value = Bundle.main.object(forInfoDictionaryKey: "KindredServerURL") as? String,
           !value.isEmpty, let url = URL(string: value) {
            return url
        }
        return URL(string: "http://127.0.0.1:8080")!  // A literal that is always a valid URL.
    }
}

/// Sign-in screen or the app, following the session: signing in, signing out, and the server
/// ending the session (a refused refresh) all flip this without any view having to ask.
struct RootView: View {
    let session: KindredSession
    @Environment(ScanModel.self) private var scan
    /// nil until the Keychain has been read, so a signed-in user never sees the sign-in screen flash.
    @State private var signedIn: Bool?

    var body: some View {
        Group {
            switch signedIn {
            case nil:
                ProgressView()
            case false?:
                SignInView(session: session, appName: "Innovation Engine")
            case true?:
                TabView {
                    MyQRView(session: session)
                        .tabItem { Label("My QR", systemImage: "qrcode") }
                    ScanView()
                        .tabItem { Label("Scan", systemImage: "qrcode.viewfinder") }
                    NetworkView()
                        .tabItem { Label("Network", systemImage: "point.3.connected.trianglepath.dotted") }
                }
            }
        }
        .task { await followSignIn() }
        .onChange(of: signedIn) {
            // A previous account's scan result must not greet the next one.
            scan.reset()
        }
    }

    private func followSignIn() async {
        let (changes, continuation) = AsyncStream.makeStream(of: Bool.self, bufferingPolicy: .bufferingNewest(1))
        // Registered before the first read so a change in between is not missed.
        let handler = await session.onChange { stored in continuation.yield(stored != nil) }
        signedIn = await session.isSignedIn
        for await value in changes {
            signedIn = value
        }
        // The stream ends when this view's task is cancelled; stop the session calling into it.
        await session.removeChangeHandler(handler)
    }
}
