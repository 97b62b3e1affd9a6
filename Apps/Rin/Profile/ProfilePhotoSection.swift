import PhotosUI
import RinAppShell
import SwiftUI

/// A profile's photo: picked with PhotosPicker (which hands over only the photo picked, so Rin
/// asks for no permission), uploaded and set by the model; removable. Who sees it is the grid's.
struct ProfilePhotoSection: View {
    let model: ProfileEditorModel
    @State private var picked: PhotosPickerItem?
    @State private var readError: String?

    var body: some View {
        Section {
            HStack(spacing: 16) {
                RinAvatar(name: model.profile?.displayName ?? "", photo: model.profile?.photo, size: 64)
                VStack(alignment: .leading, spacing: 8) {
                    PhotosPicker(selection: $picked, matching: .images, preferredItemEncoding: .compatible) {
                        Text(model.profile?.photo == nil ? "Choose a photo" : "Change photo")
                    }
                    .disabled(!model.canHavePhoto || model.isUploadingPhoto)
                    if model.profile?.photo != nil {
                        Button("Remove", role: .destructive) { Task { await model.removePhoto() } }
                            .disabled(model.isUploadingPhoto)
                    }
                }
                .buttonStyle(.borderless)
                if model.isUploadingPhoto {
                    Spacer()
                    ProgressView()
                }
            }
            if let problem = readError ?? model.errors(.photo)["photoId"] {
                Text(problem)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        } header: {
            Text("Photo")
        } footer: {
            Text("JPEG, PNG, HEIC or WebP, up to 15 MB. Who sees it is set in Who sees what.")
        }
        .onChange(of: picked) { _, item in
            guard let item else { return }
            picked = nil
            Task { await upload(item) }
        }
    }

    private func upload(_ item: PhotosPickerItem) async {
        readError = nil
        do {
            guard let data = try await item.loadTransferable(type: Data.self) else {
                readError = "That photo could not be read. Please choose another."
                return
            }
            await model.setPhoto(data)
        } catch {
            readError = "That photo could not be read: \(error.localizedDescription)"
        }
    }
}
