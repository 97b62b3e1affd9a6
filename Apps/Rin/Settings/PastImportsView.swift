import RinAppShell
import SwiftUI

/// The profile's past imports, newest first, with what each did; importing another file is
/// Home's, where each import's progress is shown too.
struct PastImportsView: View {
    let model: SettingsModel
    /// Home's imports screen, through the shell (Settings closes for it).
    let openImports: @MainActor () -> Void

    var body: some View {
        List {
            if let error = model.error {
                MessageRow(text: error, retry: { await model.loadImports() })
            }
            Section {
                if model.imports.isEmpty {
                    Text("No imports yet.")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.imports, id: \.id) { rinImport in
                    ImportRow(rinImport: rinImport)
                }
                if model.importsCursor != nil {
                    LoadMoreRow { await model.loadMoreImports() }
                }
            }
            Section {
                Button("Import contacts…") { openImports() }
            }
        }
        .navigationTitle("Past imports")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.loadImports() }
    }
}
