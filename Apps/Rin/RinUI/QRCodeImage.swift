import CoreImage
import CoreImage.CIFilterBuiltins
import SwiftUI

/// A link as a QR code, drawn on the device by Core Image from the link itself (error correction
/// M, as the server's SVG of the same link), dark on white even in Dark Mode: inverted codes
/// defeat many scanners.
struct QRCodeImage: View {
    let text: String
    /// What VoiceOver says instead of the picture.
    let label: String
    @State private var image: CGImage?

    var body: some View {
        Group {
            if let image {
                Image(decorative: image, scale: 1)
                    .interpolation(.none)
                    .resizable()
                    .scaledToFit()
                    .padding(12)
                    .background(Color.white)
            } else {
                ProgressView()
            }
        }
        .frame(maxWidth: 220, maxHeight: 220)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(label)
        .task(id: text) { await draw() }
    }

    private func draw() async {
        image = await Self.render(text)
    }

    /// The code at ten pixels a module, made off the main thread.
    private nonisolated static func render(_ text: String) async -> CGImage? {
        let filter = CIFilter.qrCodeGenerator()
        filter.message = Data(text.utf8)
        filter.correctionLevel = "M"
        guard let code = filter.outputImage?.transformed(by: CGAffineTransform(scaleX: 10, y: 10)) else { return nil }
        return CIContext().createCGImage(code, from: code.extent)
    }
}
