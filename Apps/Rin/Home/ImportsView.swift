import RinAppShell
import SwiftUI
import UniformTypeIdentifiers

/// Importing: this device's contacts or a file (a vCard, or a CSV exported from Google Contacts
/// or Outlook), sent as it is; then every import into this book, newest first, each opening its
/// progress. The server reads a file whole before keeping anything: a broken one is refused with
/// its line, and a file sent before answers that import again.
struct ImportsView: View {
    let model: ImportModel
    @Environment(ContactsCoordinator.self) private var coordinator
    @State private var picksFile = false
    /// Why a chosen file could not even be read here (before the model sees it).
    @State private var readError: String?

    var body: some View {
        List {
            Section {
                DeviceImportSection(model: model) { started in coordinator.show(.importProgress(started.id)) }
                Button {
                    picksFile = true
                } label: {
                    Label("Import a file", systemImage: "doc.badge.plus")
                }
                .disabled(model.isSending)
                if model.isSending {
                    HStack {
                        ProgressView()
                        Text("Sending…").foregroundStyle(.secondary)
                    }
                }
                if let problem = readError ?? model.fileError {
                    Text(problem)
                        .foregroundStyle(.red)
                    if model.canRetry {
                        Button("Try again") { Task { await retry() } }
                    }
                }
                if let error = model.error {
                    MessageRow(text: error)
                }
            } header: {
                Text("Bring in your contacts")
            } footer: {
                Text("A vCard (.vcf) or a CSV exported from Google Contacts or Outlook. Nothing is written back to it. Duplicates are merged when Rin is sure, and suggested to you when it isn’t. Every merge can be undone.")
            }
            Section("Past imports") {
                if model.imports.isEmpty {
                    Text("No imports yet.")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.imports, id: \.id) { rinImport in
                    NavigationLink(value: ContactsRoute.importProgress(rinImport.id)) {
                        ImportRow(rinImport: rinImport)
                    }
                }
                if model.nextCursor != nil {
                    LoadMoreRow { await model.loadMoreImports() }
                }
            }
        }
        .navigationTitle("Import contacts")
        // Read first: it is how the model knows a file it is sent was imported before.
        .task { await model.loadImports() }
        .task { await model.followChanges() }
        .refreshable { await model.loadImports() }
        .fileImporter(isPresented: $picksFile, allowedContentTypes: [.vCard, .commaSeparatedText]) { result in
            Task { await importFile(result) }
        }
    }

    private func importFile(_ result: Result<URL, any Error>) async {
        readError = nil
        switch result {
        case .success(let url):
            do {
                let data = try await Self.read(url)
                if let started = await model.start(file: data, name: url.lastPathComponent) {
                    coordinator.show(.importProgress(started.id))
                }
            } catch {
                readError = "That file could not be read: \(error.localizedDescription)"
            }
        case .failure(let error):
            readError = error.localizedDescription
        }
    }

    private func retry() async {
        if let started = await model.retry() { coordinator.show(.importProgress(started.id)) }
    }

    /// The file's bytes as they are (the server tells vCard from Google or Outlook CSV), read off
    /// the main thread; the picker lends it only inside a security scope.
    private nonisolated static func read(_ url: URL) async throws -> Data {
        let scoped = url.startAccessingSecurityScopedResource()
        defer { if scoped { url.stopAccessingSecurityScopedResource() } }
        return try Data(contentsOf: url)
    }
}
