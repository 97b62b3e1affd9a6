import AVFoundation
import InnovationEngineCore
import SwiftUI
import UIKit

/// "Scan": point the camera at someone's code (or paste their link) to connect.
struct ScanView: View {
    @Environment(ScanModel.self) private var model
    @State private var access = CameraAccess.checking
    /// Created only once the camera may be used, so the simulator and a denied user never pay
    /// for a capture session.
    @State private var scanner: QRScanner?
    @State private var cameraError: String?
    @State private var typed = ""

    enum CameraAccess { case checking, granted, denied, unavailable }

    var body: some View {
        NavigationStack {
            VStack(spacing: 16) {
                camera
                    .frame(maxWidth: .infinity)
                    .frame(height: 320)
                    .clipShape(RoundedRectangle(cornerRadius: 16))
                result
                    .frame(minHeight: 60)
                fallback
                Spacer(minLength: 0)
            }
            .padding()
            .navigationTitle("Scan")
        }
        // Tied to the view's lifetime: leaving the tab cancels the task, which ends the stream
        // and stops the camera, so it never runs (or shows its indicator) off screen.
        .task { await runCamera() }
    }

    @ViewBuilder private var camera: some View {
        switch access {
        case .checking:
            ProgressView()
        case .granted:
            if let cameraError {
                message(cameraError, systemImage: "camera.metering.unknown")
            } else if let scanner {
                CameraPreview(scanner: scanner)
                    .accessibilityLabel("Camera. Point it at a Kindred code.")
            }
        case .denied:
            VStack(spacing: 12) {
                message("Camera access is off, so codes cannot be scanned. Allow it in Settings, or paste a link below.",
                        systemImage: "camera.fill")
                if let settings = URL(string: UIApplication.openSettingsURLString) {
                    Link("Open Settings", destination: settings)
                }
            }
        case .unavailable:
            message("No camera here. Paste a link below instead.", systemImage: "camera.fill")
        }
    }

    @ViewBuilder private var result: some View {
        switch model.state {
        case .idle:
            Text("Point the camera at someone's Kindred code.")
                .foregroundStyle(.secondary)
        case .lookingUp:
            ProgressView("Checking the code…")
        case .confirming(let preview, _):
            VStack(spacing: 10) {
                Text(preview.connected ? "You're already connected with \(preview.person.displayName)."
                                       : "Connect with \(preview.person.displayName)?")
                    .font(.headline)
                Text("@\(preview.person.username)").foregroundStyle(.secondary)
                HStack {
                    Button("Cancel", role: .cancel, action: scanAgain)
                    Button("Connect") { Task { await model.connect() } }
                        .buttonStyle(.borderedProminent)
                        .disabled(preview.connected)
                }
            }
        case .connecting:
            ProgressView("Connecting…")
        case .connected(let connection, let isNew):
            VStack(spacing: 8) {
                Label(isNew ? "Connected with \(connection.person.displayName)"
                            : "Already connected with \(connection.person.displayName)",
                      systemImage: isNew ? "checkmark.circle.fill" : "person.2.fill")
                    .foregroundStyle(isNew ? Color.green : Color.secondary)
                Button("Scan another", action: scanAgain)
            }
        case .failed(let error):
            VStack(spacing: 8) {
                Label(error, systemImage: "exclamationmark.triangle.fill")
                    .foregroundStyle(.red)
                Button("Try again", action: scanAgain)
            }
        }
    }

    private var fallback: some View {
        HStack {
            TextField("Or paste a connect link", text: $typed)
                .textFieldStyle(.roundedBorder)
                .textInputAutocapitalization(.never)
                .autocorrectionDisabled()
                .keyboardType(.URL)
                .submitLabel(.go)
                .onSubmit { Task { await connectTyped() } }
            Button("Connect") { Task { await connectTyped() } }
                .disabled(trimmed.isEmpty || model.state == .connecting || model.state == .lookingUp)
        }
    }

    private var trimmed: String { typed.trimmingCharacters(in: .whitespacesAndNewlines) }

    private func message(_ text: String, systemImage: String) -> some View {
        ContentUnavailableView {
            Label("Camera", systemImage: systemImage)
        } description: {
            Text(text)
        }
    }

    private func connectTyped() async {
        let code = trimmed
        guard !code.isEmpty else { return }
        await model.scanned(code)
        if case .confirming = model.state { typed = "" }
    }

    private func scanAgain() {
        model.reset()
        // Otherwise the code still in view would be ignored as already seen.
        scanner?.forgetLastCode()
    }

    private func runCamera() async {
        access = await Self.requestAccess()
        guard access == .granted else { return }
        let scanner = scanner ?? QRScanner()
        self.scanner = scanner
        for await event in scanner.start() {
            switch event {
            case .code(let code):
                cameraError = nil
                await model.scanned(code)
            case .failed(let message):
                cameraError = message
            }
        }
    }

    /// Asks only when the user has not decided yet; a refusal is final until they change it in Settings.
    private static func requestAccess() async -> CameraAccess {
        guard QRScanner.isAvailable else { return .unavailable }
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .authorized: return .granted
        case .notDetermined: return await AVCaptureDevice.requestAccess(for: .video) ? .granted : .denied
        case .denied, .restricted: return .denied
        @unknown default: return .denied
        }
    }
}
