import Foundation
import KindredSDK

extension KindredSession {
    /// The app's session with the server its build names, tokens in the Keychain. Make exactly
    /// one per app, in the `App` (`private let session = KindredSession.live()`): the session owns
    /// the tokens and serialises their refresh, so a second one would race it and the server would
    /// treat the second refresh as token theft.
    static func live(bundle: Bundle = .main) -> KindredSession {
        KindredSession(serverURL: serverURL(in: bundle), tokenStore: KeychainTokenStore())
    }

    /// From the build (Info.plist `KindredServerURL`, set per configuration in `project.yml`), so
    /// Debug and Release can point at different servers without code changes. The fallback is the
    /// local dev server, which the simulator reaches on the Mac's loopback.
    static func serverURL(in bundle: Bundle) -> URL {
        if let value = bundle.object(forInfoDictionaryKey: "KindredServerURL") as? String,
           !value.isEmpty, let url = URL(string: value) {
            return url
        }
        return URL(string: "http://127.0.0.1:8080")!  // A literal that is always a valid URL.
    }
}
