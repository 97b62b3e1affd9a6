import Foundation
import UIKit

/// A picked photo made into what a page needs before it is uploaded: at most 2048 px on its
/// longest side (a full page on the largest iPad is about 2000 px wide; the server takes up to
/// 15 MB), the camera's rotation applied, no transparency, and a fresh JPEG, which carries none
/// of the original's EXIF (so no location).
enum PhotoPreparation {
    static let longestSide: CGFloat = 2048
    private static let jpegQuality: CGFloat = 0.85

    struct Prepared: Sendable {
        let jpeg: Data
        let pixelWidth: Int
        let pixelHeight: Int
    }

    enum Problem: LocalizedError {
        case unreadable

        var errorDescription: String? {
            switch self {
            case .unreadable: "This photo could not be read. Try another one."
            }
        }
    }

    /// `nonisolated async`, so decoding and scaling run off the main actor.
    nonisolated static func prepare(_ data: Data) async throws -> Prepared {
        guard let image = UIImage(data: data) else { throw Problem.unreadable }
        // `size` is in points, already turned by the EXIF orientation; `scale` makes it pixels.
        let pixels = CGSize(width: image.size.width * image.scale, height: image.size.height * image.scale)
        guard pixels.width > 0, pixels.height > 0 else { throw Problem.unreadable }
        let factor = min(1, longestSide / max(pixels.width, pixels.height))
        let size = CGSize(width: (pixels.width * factor).rounded(), height: (pixels.height * factor).rounded())
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        format.opaque = true
        format.preferredRange = .standard
        let jpeg = UIGraphicsImageRenderer(size: size, format: format).jpegData(withCompressionQuality: jpegQuality) { context in
            // A transparent PNG on white, as it would show on paper.
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            image.draw(in: CGRect(origin: .zero, size: size))
        }
        return Prepared(jpeg: jpeg, pixelWidth: Int(size.width), pixelHeight: Int(size.height))
    }
}
