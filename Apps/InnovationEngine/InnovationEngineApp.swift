import InnovationEngineCore
import KindredSDK
import SwiftUI

@main
struct InnovationEngineApp: App {
    // Exactly one session: it owns the tokens and serialises their refresh, so a second session
    // would race it and the server would treat the second refresh as token theft.
    private let session = KindredSession.live()

    var body: some Scene {
        WindowGroup {
            KindredAppRoot(session: session, appName: "Innovation Engine") { _ in
                SignedInTabs(session: session)
            }
        }
    }
}

/// My QR, Scan and Network, and the models behind them. They are made here, inside the root's
/// signed-in scope, so each account gets its own and signing out throws them away: the next
/// account never sees the last one's code, scan result or network.
struct SignedInTabs: View {
    let session: KindredSession
    @State private var myCode: MyCodeModel
    @State private var scan: ScanModel
    @State private var network: NetworkModel

    init(session: KindredSession) {
        self.session = session
        _myCode = State(initialValue: MyCodeModel(session: session))
        _scan = State(initialValue: ScanModel(session: session))
        _network = State(initialValue: NetworkModel(session: session))
    }

    var body: some View {
        TabView {
            MyQRView(session: session)
                .tabItem { Label("My QR", systemImage: "qrcode") }
            ScanView()
                .tabItem { Label("Scan", systemImage: "qrcode.viewfinder") }
            NetworkView(session: session)
                .tabItem { Label("Network", systemImage: "point.3.connected.trianglepath.dotted") }
        }
        .environment(myCode)
        .environment(scan)
        .environment(network)
    }
}
