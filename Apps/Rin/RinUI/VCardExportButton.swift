import SwiftUI

/// Export as a vCard: the model asks the server for the file (my own values only, never what a
/// linked person shares), then a share link hands it on. Two steps because the share sheet needs
/// the file in hand; the model says why when the server does not give it.
struct VCardExportButton: View {
    let title: String
    let fileName: String
    /// The model's export (`ContactDetailModel.exportVCard()`, `ContactsHomeModel.exportAll()`).
    let export: @MainActor () async -> Data?

    @State private var file: VCardFile?
    @State private var isExporting = false

    var body: some View {
        if let file {
            ShareLink(item: file, preview: SharePreview(file.fileName, image: Image(systemName: "person.crop.square"))) {
                Label("Share \(file.fileName)", systemImage: "square.and.arrow.up")
            }
        } else {
            Button {
                Task { await prepare() }
            } label: {
                HStack {
                    Label(title, systemImage: "square.and.arrow.down")
                    if isExporting {
                        Spacer()
                        ProgressView()
                    }
                }
            }
            .disabled(isExporting)
        }
    }

    private func prepare() async {
        isExporting = true
        defer { isExporting = false }
        if let data = await export() {
            file = VCardFile(data: data, fileName: fileName)
        }
    }
}
