@preconcurrency import AVFoundation
import SwiftUI
import UIKit

/// What the camera reports to the Scan screen.
enum ScannerEvent: Sendable, Equatable {
    case code(String)
    case failed(String)
}

/// Owns the capture session and turns QR codes in view into a stream of strings.
///
/// `@unchecked Sendable` because AVCaptureSession is not Sendable and `startRunning()` blocks,
/// so it must stay off the main actor: every mutable member below is touched only on `queue`
/// (one serial queue for configuration, start/stop and the metadata callbacks), which is the
/// confinement the compiler cannot see. `session` itself is a `let` also handed to the preview
/// layer on the main thread, as Apple's AVCam sample does; the layer only observes it.
final class QRScanner: NSObject, AVCaptureMetadataOutputObjectsDelegate, @unchecked Sendable {
    let session = AVCaptureSession()
    private let queue = DispatchQueue(label: "app.kindred.innovationengine.scanner")
    private var configured = false
    private var continuation: AsyncStream<ScannerEvent>.Continuation?
    /// Which `start()` is current, so a late stop from a previous appearance cannot stop this one.
    private var current: UUID?
    /// The camera sees a code many times a second; only a new one is worth reporting.
    private var lastCode: String?

    /// Whether this device has a camera at all (the simulator does not).
    static var isAvailable: Bool { AVCaptureDevice.default(for: .video) != nil }

    /// Starts the camera; ending the stream (the consuming task being cancelled when the view
    /// disappears) stops it again.
    func start() -> AsyncStream<ScannerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ScannerEvent.self, bufferingPolicy: .bufferingNewest(4))
        let token = UUID()
        // Set before returning so even an immediately cancelled stream stops the camera; the stop
        // is queued after the start below because `queue` is serial.
        continuation.onTermination = { [weak self] _ in self?.stop(token) }
        queue.async {
            self.current = token
            self.continuation = continuation
            self.lastCode = nil
            do {
                try self.configureIfNeeded()
                if !self.session.isRunning { self.session.startRunning() }
            } catch {
                continuation.yield(.failed(error.localizedDescription))
            }
        }
        return stream
    }

    /// Lets the same code through again, e.g. after the user dismisses a result to retry.
    func forgetLastCode() {
        queue.async { self.lastCode = nil }
    }

    private func stop(_ token: UUID) {
        queue.async {
            guard token == self.current else { return }
            self.current = nil
            self.continuation = nil
            if self.session.isRunning { self.session.stopRunning() }
        }
    }

    private func configureIfNeeded() throws {
        guard !configured else { return }
        guard let device = AVCaptureDevice.default(for: .video) else { throw ScannerError.noCamera }
        let input = try AVCaptureDeviceInput(device: device)
        let output = AVCaptureMetadataOutput()
        session.beginConfiguration()
        defer { session.commitConfiguration() }
        guard session.canAddInput(input), session.canAddOutput(output) else { throw ScannerError.unsupported }
        session.addInput(input)
        session.addOutput(output)
        // Metadata types only become available once the output is in a session with a camera;
        // asking for one that is not available raises an exception rather than an error.
        guard output.availableMetadataObjectTypes.contains(.qr) else { throw ScannerError.unsupported }
        output.setMetadataObjectsDelegate(self, queue: queue)
        output.metadataObjectTypes = [.qr]
        configured = true
    }

    // Called on `queue`, because that is the queue given to `setMetadataObjectsDelegate`.
    func metadataOutput(_ output: AVCaptureMetadataOutput, didOutput metadataObjects: [AVMetadataObject],
                        from connection: AVCaptureConnection) {
        let codes = metadataObjects.compactMap { ($0 as? AVMetadataMachineReadableCodeObject)?.stringValue }
        guard let code = codes.first, code != lastCode else { return }
        lastCode = code
        continuation?.yield(.code(code))
    }

    enum ScannerError: LocalizedError {
        case noCamera, unsupported
        var errorDescription: String? {
            switch self {
            case .noCamera: "This device has no camera. Paste a link below instead."
            case .unsupported: "This camera cannot read QR codes. Paste a link below instead."
            }
        }
    }
}

/// The live camera picture behind the Scan screen.
struct CameraPreview: UIViewRepresentable {
    let scanner: QRScanner

    func makeUIView(context: Context) -> PreviewView {
        PreviewView(session: scanner.session)
    }

    func updateUIView(_ uiView: PreviewView, context: Context) {}

    final class PreviewView: UIView {
        private let previewLayer: AVCaptureVideoPreviewLayer

        init(session: AVCaptureSession) {
            previewLayer = AVCaptureVideoPreviewLayer(session: session)
            previewLayer.videoGravity = .resizeAspectFill
            super.init(frame: .zero)
            backgroundColor = .black
            layer.addSublayer(previewLayer)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            // A sublayer's frame change animates implicitly; the picture should just follow.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            previewLayer.frame = bounds
            CATransaction.commit()
        }
    }
}
