import Foundation
import KinnectCore

typealias KinnectPostMedia = Components.Schemas.KinnectPostMedia

extension Media {
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
