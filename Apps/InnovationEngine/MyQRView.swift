import CoreTransferable
import InnovationEngineCore
import KindredSDK
import SwiftUI
import UniformTypeIdentifiers

/// "My QR": the code others scan to connect with me, and ways to share it without a camera.
struct MyQRView: View {
    let session: KindredSession
    @Environment(MyCodeModel.self) private var model
    @State private var displayName: String?
    @State private var profileError: String?
    @State private var confirmsRotation = false

    var body: some View {
        NavigationStack {
            VStack(spacing: 24) {
                if let code = model.code {
                    QRCodeCanvas(code: code)
                        .frame(maxWidth: 320)
                        .accessibilityLabel("Your connect code. Others scan it to connect with you.")
                } else if let error = model.error {
                    ContentUnavailableView("Your code did not load", systemImage: "qrcode",
                                           description: Text(error))
                } else {
                    ProgressView()
                }

                if let displayName {
                    Text(displayName).font(.title2.bold())
                } else if let profileError {
                    Text(profileError).font(.footnote).foregroundStyle(.secondary)
                }

                if let link = model.link {
                    shareButtons(link: link)
                }
            }
            .padding()
            .navigationTitle("My QR")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    SignOutButton()
                }
                ToolbarItem(placement: .topBarLeading) {
                    Button("New code") { confirmsRotation = true }
                }
            }
            .confirmationDialog("Get a new code?", isPresented: $confirmsRotation, titleVisibility: .visible) {
                Button("Get a new code", role: .destructive) { Task { await model.rotate() } }
            } message: {
                Text("Your current QR code and shared links stop working at once.")
            }
        }
        .task { await model.load() }
        .task { await loadDisplayName() }
    }

    private func shareButtons(link: String) -> some View {
        HStack(spacing: 16) {
            // A URL rather than a string so the receiving app offers to open it.
            if let url = URL(string: link) {
                ShareLink("Share link", item: url)
            } else {
                ShareLink("Share link", item: link)
            }
            if let png = model.png() {
                ShareLink(item: QRCodePNG(data: Data(png)),
                          preview: SharePreview("My Kindred code", image: Image(systemName: "qrcode"))) {
                    Label("Save PNG", systemImage: "square.and.arrow.down")
                }
            }
        }
        .buttonStyle(.bordered)
    }

    private func loadDisplayName() async {
        do {
            displayName = try await session.me().profile.displayName
            profileError = nil
        } catch {
            profileError = error.localizedDescription
        }
    }
}

/// Draws the modules directly, so the code is sharp at any size with no bitmap scaling.
struct QRCodeCanvas: View {
    let code: QRCode
    /// The standard four-module light border; scanners need it to find the finder patterns.
    private let quietZone = 4

    var body: some View {
        let code = code
        let quietZone = quietZone
        Canvas { context, size in
            let side = min(size.width, size.height)
            let module = side / CGFloat(code.size + 2 * quietZone)
            let origin = CGPoint(x: (size.width - side) / 2, y: (size.height - side) / 2)
            // Always dark on white, even in Dark Mode: inverted codes defeat many scanners.
            context.fill(Path(CGRect(origin: origin, size: CGSize(width: side, height: side))), with: .color(.white))
            // One path for all dark modules, filled once, so anti-aliasing cannot leave hairline
            // seams between neighbouring modules.
            var dark = Path()
            for y in 0..<code.size {
                for x in 0..<code.size where code[x, y] {
                    dark.addRect(CGRect(x: origin.x + CGFloat(x + quietZone) * module,
                                        y: origin.y + CGFloat(y + quietZone) * module,
                                        width: module, height: module))
                }
            }
            context.fill(dark, with: .color(.black))
        }
        .aspectRatio(1, contentMode: .fit)
    }
}

/// The code as a PNG file for the share sheet (Save Image, Files, AirDrop, Messages).
struct QRCodePNG: Transferable {
    let data: Data

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .png) { $0.data }
            .suggestedFileName("Kindred code.png")
    }
}
