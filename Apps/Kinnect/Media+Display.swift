import Foundation
import KinnectCore

typealias KinnectPostMedia = Components.Schemas.KinnectPostMedia

extension Media {
    /// The signed URL to load. The server gives a path on itself (`/media-files/…?expires=…`),
    /// which needs no token, so it resolves against the server the session talks to.
    func resolvedURL(relativeTo base: URL?) -> URL? {
        guard let base else { return URL(string: url) }
        return URL(string: url, relativeTo: base)?.absoluteURL
    }

    var isVideo: Bool {
        switch kind {
        case .mp4, .quicktime: true
        case .jpeg, .png, .heic, .webp: false
        }
    }

    /// Width over height as shown, when the server knows both.
    var aspectRatio: CGFloat? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return CGFloat(width) / CGFloat(height)
    }
}
