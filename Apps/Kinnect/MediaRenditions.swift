import AVFoundation
import Foundation
import UIKit

/// What the app makes from a picked photo or video before it is uploaded (the server only
/// checks): a photo becomes a display JPEG at most 1080 px wide and a thumbnail at most 400 px
/// wide in the same proportions, with the camera's rotation applied and no EXIF (so no location)
/// left; a video is sent as it is, once it is known to be short and small enough, with a poster
/// JPEG from its first moments. The limits are the server's (`PostService`, `MediaService`).
enum MediaRenditions {
    static let displayWidth: CGFloat = 1080
    static let thumbnailWidth: CGFloat = 400
    static let maximumVideoBytes = 100 << 20
    static let maximumVideoSeconds = 60.0
    private static let jpegQuality: CGFloat = 0.86

    struct Photo: Sendable {
        let display: Data
        let thumbnail: Data
    }

    struct Video: Sendable {
        let movie: Data
        let poster: Data
    }

    /// A problem with the file itself: trying again cannot help, only another photo or video.
    enum Problem: LocalizedError {
        case unreadablePhoto
        case unreadableVideo
        case videoTooLarge
        case videoTooLong(seconds: Int)

        var errorDescription: String? {
            switch self {
            case .unreadablePhoto: "This photo could not be read."
            case .unreadableVideo: "This video could not be read. Try one from your camera."
            case .videoTooLarge: "This video is larger than 100 MB. Choose a shorter one."
            case .videoTooLong(let seconds): "This video is \(seconds) seconds long. Videos can be up to 60 seconds."
            }
        }
    }

    /// Both renditions of a photo, from its file's bytes (JPEG, HEIC, PNG…). `nonisolated async`
    /// so the decoding and scaling run off the main actor.
    nonisolated static func photo(from data: Data) async throws -> Photo {
        guard let image = UIImage(data: data) else { throw Problem.unreadablePhoto }
        // Both from the original, so each is one rounding away from its exact proportions.
        return Photo(display: try jpeg(image, maxWidth: displayWidth),
                     thumbnail: try jpeg(image, maxWidth: thumbnailWidth))
    }

    /// The video's bytes and a poster, once its size and length are within the limits.
    nonisolated static func video(at url: URL) async throws -> Video {
        let bytes = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
        guard bytes <= maximumVideoBytes else { throw Problem.videoTooLarge }
        let asset = AVURLAsset(url: url)
        let seconds = try await asset.load(.duration).seconds
        guard seconds.isFinite, seconds > 0 else { throw Problem.unreadableVideo }
        guard seconds <= maximumVideoSeconds else { throw Problem.videoTooLong(seconds: Int(seconds.rounded(.up))) }

        let generator = AVAssetImageGenerator(asset: asset)
        // The poster stands as the video plays, not as the camera stored it (a portrait video
        // is stored landscape with a rotation), so it has the proportions the server expects.
        generator.appliesPreferredTrackTransform = true
        // Just after the start: the very first frame is often black.
        let frame = try await generator.image(at: CMTime(seconds: min(0.1, seconds / 2), preferredTimescale: 600)).image
        let poster = try jpeg(UIImage(cgImage: frame), maxWidth: displayWidth)
        // Mapped rather than read: up to 100 MB stays on disk until it is uploaded.
        let movie = try Data(contentsOf: url, options: .mappedIfSafe)
        return Video(movie: movie, poster: poster)
    }

    /// The image scaled down (never up) to at most `maxWidth` pixels across, as a JPEG. A new
    /// JPEG carries none of the original's metadata.
    private nonisolated static func jpeg(_ image: UIImage, maxWidth: CGFloat) throws -> Data {
        // `size` is in points and already turned by the EXIF orientation; `scale` makes it pixels.
        let pixelWidth = image.size.width * image.scale
        let pixelHeight = image.size.height * image.scale
        guard pixelWidth >= 1, pixelHeight >= 1 else { throw Problem.unreadablePhoto }
        let width = min(maxWidth, pixelWidth.rounded(.down))
        let size = CGSize(width: width, height: max(1, (pixelHeight * width / pixelWidth).rounded()))

        let format = UIGraphicsImageRendererFormat()
        format.scale = 1  // pixels, not points: the default would triple the size on a 3x screen
        format.opaque = true
        format.preferredRange = .standard  // 8-bit sRGB, which every viewer shows the same
        let renderer = UIGraphicsImageRenderer(size: size, format: format)
        return renderer.jpegData(withCompressionQuality: jpegQuality) { context in
            // A transparent PNG would otherwise turn black in a JPEG.
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            image.draw(in: CGRect(origin: .zero, size: size))
        }
    }
}
