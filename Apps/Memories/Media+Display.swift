import Foundation
import MemoriesCore

extension Media {
    /// The signed URL to load. The server gives a path on itself (`/media-files/…?expires=…`),
    /// which needs no token, so it resolves against the server the session talks to.
    func resolvedURL(relativeTo base: URL?) -> URL? {
        guard let base else { return URL(string: url) }
        return URL(string: url, relativeTo: base)?.absoluteURL
    }
}
