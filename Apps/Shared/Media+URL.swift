import Foundation
import KindredSDK
import SwiftUI

extension Media {
    /// The signed URL to load. The server gives a path on itself (`/media-files/…?expires=…`),
    /// which needs no token, so it resolves against the server the session talks to.
    func resolvedURL(relativeTo base: URL?) -> URL? {
        guard let base else { return URL(string: url) }
        return URL(string: url, relativeTo: base)?.absoluteURL
    }
}

extension EnvironmentValues {
    /// The server the session talks to. Media URLs are paths on it (`/media-files/…`), so every
    /// image resolves against this. Each app sets it once, from its session, at its signed-in root.
    var mediaBaseURL: URL? {
        get { self[MediaBaseURLKey.self] }
        set { self[MediaBaseURLKey.self] = newValue }
    }
}

private struct MediaBaseURLKey: EnvironmentKey {
    static var defaultValue: URL? { nil }
}
