import RinAppShell
import SwiftUI
import UIKit

/// "Import from this iPhone": asks for the contacts permission, reads the device's book as one
/// vCard file (`ContactsImport`) and hands it to the import every file goes through. A permission
/// turned off is explained, with the way to Settings, since only Settings can turn it on again.
struct DeviceImportSection: View {
    let model: ImportModel
    /// The import started (or, for the very same book again, the earlier one).
    let started: @MainActor (RinImport) -> Void
    @Environment(\.openURL) private var openURL
    @State private var isReading = false
    @State private var isDenied = false
    @State private var problem: String?

    var body: some View {
        Button {
            Task { await importDevice() }
        } label: {
            HStack {
                Label("Import from this \(UIDevice.current.model)", systemImage: "person.crop.rectangle.stack")
                if isReading {
                    Spacer()
                    ProgressView()
                }
            }
        }
        .disabled(isReading || model.isSending)
        if isDenied {
            VStack(alignment: .leading, spacing: 8) {
                Text("Rin can’t read this \(UIDevice.current.model)’s contacts: access is turned off. Turn on Contacts for Rin in Settings, then try again.")
                    .font(.subheadline)
                Button("Open Settings") {
                    if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
                }
                .buttonStyle(.bordered)
            }
        }
        if let problem {
            Text(problem)
                .foregroundStyle(.red)
        }
    }

    private func importDevice() async {
        problem = nil
        isReading = true
        defer { isReading = false }
        guard await ContactsImport.requestAccess() == .allowed else {
            isDenied = true
            return
        }
        isDenied = false
        let book: (data: Data, count: Int)
        do {
            book = try await ContactsImport.readAll()
        } catch {
            problem = "This \(UIDevice.current.model)’s contacts could not be read: \(error.localizedDescription)"
            return
        }
        guard book.count > 0 else {
            problem = "There are no contacts on this \(UIDevice.current.model) to import."
            return
        }
        // Named for the import list; the server reads it as the vCard file it is.
        if let rinImport = await model.start(file: book.data, name: "Contacts on this \(UIDevice.current.model)") {
            started(rinImport)
        }
    }
}
