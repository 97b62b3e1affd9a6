import KinnectCore
import PhotosUI
import SwiftUI
import UIKit
import UniformTypeIdentifiers

/// New post: up to ten photos and videos picked in order, made into what the server takes
/// (`MediaRenditions`), reordered or removed, a caption, then Post. Each item shows how its upload
/// is going; one that failed keeps its place, and Retry sends only what is missing.
struct ComposerView: View {
    let onPosted: @MainActor (KinnectPost) -> Void

    @Environment(ComposerModel.self) private var model
    @State private var picked: [PhotosPickerItem] = []
    /// How many picked items are still being made ready.
    @State private var preparing = 0
    /// What could not be added, and why (a video too long, a photo that would not open).
    @State private var problems: [String] = []
    /// The thumbnails shown in the list, by item. The model keeps its bytes to itself.
    @State private var previews: [ComposerModel.Item.ID: UIImage] = [:]

    private var remaining: Int { ComposerModel.maximumItems - model.items.count }

    var body: some View {
        @Bindable var model = model
        NavigationStack {
            Form {
                Section {
                    PhotosPicker(selection: $picked, maxSelectionCount: max(remaining, 1),
                                 selectionBehavior: .ordered, matching: .any(of: [.images, .videos]),
                                 // Videos as H.264 rather than the camera's HEVC: every browser
                                 // that opens Kinnect on the web can play them.
                                 preferredItemEncoding: .compatible) {
                        Label(model.items.isEmpty ? "Choose photos and videos" : "Add more", systemImage: "photo.on.rectangle.angled")
                    }
                    .disabled(remaining <= 0 || model.isPosting)
                    if preparing > 0 {
                        HStack(spacing: 10) {
                            ProgressView()
                            Text("Getting ^[\(preparing) item](inflect: true) ready…")
                                .foregroundStyle(.secondary)
                        }
                    }
                    ForEach(problems, id: \.self) { problem in
                        Label(problem, systemImage: "exclamationmark.triangle")
                            .foregroundStyle(.orange)
                    }
                } footer: {
                    Text("Up to \(ComposerModel.maximumItems), in the order you pick them. Videos can be up to 60 seconds.")
                }

                if !model.items.isEmpty {
                    Section("In this post") {
                        ForEach(Array(model.items.enumerated()), id: \.element.id) { index, item in
                            ComposerItemRow(item: item, position: index + 1, count: model.items.count,
                                            preview: previews[item.id], isPosting: model.isPosting) {
                                Task { await post() }
                            }
                            .accessibilityAction(named: "Move earlier") { model.move(item.id, to: index - 1) }
                            .accessibilityAction(named: "Move later") { model.move(item.id, to: index + 1) }
                            .moveDisabled(model.isPosting)
                            .deleteDisabled(model.isPosting)
                        }
                        .onMove { source, destination in
                            guard let from = source.first else { return }
                            // `destination` counts the item itself while it is still in place.
                            model.move(model.items[from].id, to: destination > from ? destination - 1 : destination)
                        }
                        .onDelete { offsets in
                            for id in offsets.map({ model.items[$0].id }) {
                                model.remove(id)
                                previews[id] = nil
                            }
                        }
                    }
                }

                Section {
                    TextField("Write a caption…", text: $model.caption, axis: .vertical)
                        .lineLimit(3...10)
                } footer: {
                    Text("\(model.caption.count)/\(ComposerModel.captionLimit)")
                        .foregroundStyle(model.caption.count > ComposerModel.captionLimit ? Color.red : Color.secondary)
                }

                if let error = model.error {
                    Section {
                        Text(error).foregroundStyle(.red)
                    }
                }
            }
            .navigationTitle("New post")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar { toolbarItems }
            .onChange(of: picked) { _, items in
                guard !items.isEmpty else { return }
                // Cleared at once, so the picker opens empty next time and the same photo can be
                // picked again after it was removed.
                picked = []
                Task { await add(items) }
            }
        }
    }

    @ToolbarContentBuilder private var toolbarItems: some ToolbarContent {
        if model.items.count > 1 {
            ToolbarItem(placement: .topBarLeading) {
                EditButton()
                    .disabled(model.isPosting)
            }
        }
        ToolbarItem(placement: .confirmationAction) {
            if model.isPosting {
                HStack(spacing: 6) {
                    ProgressView()
                    Text("\(model.uploadedCount) of \(model.items.count)")
                        .font(.footnote.monospacedDigit())
                }
                .accessibilityElement(children: .combine)
                .accessibilityLabel("Uploading, \(model.uploadedCount) of \(model.items.count) done")
            } else {
                Button("Post") { Task { await post() } }
                    .disabled(!model.canPost || preparing > 0)
            }
        }
    }

    /// Posts, or retries what did not upload (the model sends only what is missing).
    private func post() async {
        guard let posted = await model.post() else { return }
        previews = [:]
        problems = []
        onPosted(posted)
    }

    /// Makes each picked item ready, in the order picked, and adds it.
    private func add(_ items: [PhotosPickerItem]) async {
        problems = []
        preparing += items.count
        for item in items {
            defer { preparing -= 1 }
            do {
                if item.supportedContentTypes.contains(where: { $0.conforms(to: .movie) }) {
                    try await addVideo(item)
                } else {
                    try await addPhoto(item)
                }
            } catch {
                problems.append(error.localizedDescription)
            }
        }
    }

    private func addPhoto(_ item: PhotosPickerItem) async throws {
        guard let data = try await item.loadTransferable(type: Data.self) else { throw MediaRenditions.Problem.unreadablePhoto }
        let photo = try await MediaRenditions.photo(from: data)
        remember(UIImage(data: photo.thumbnail)) {
            model.addPhoto(display: photo.display, thumbnail: photo.thumbnail)
        }
    }

    private func addVideo(_ item: PhotosPickerItem) async throws {
        guard let movie = try await item.loadTransferable(type: PickedMovie.self) else { throw MediaRenditions.Problem.unreadableVideo }
        // Best effort: the copy is ours to tidy, and the system empties the temporary folder anyway.
        // The video's `Data` may be mapped from this file; a mapping outlives the file's name.
        defer { try? FileManager.default.removeItem(at: movie.url) }
        let video = try await MediaRenditions.video(at: movie.url)
        remember(UIImage(data: video.poster)) {
            model.addVideo(video.movie, poster: video.poster)
        }
    }

    /// Adds through the model and keeps the preview for the item it added (if it did: it refuses
    /// an eleventh, and says so in its `error`).
    private func remember(_ preview: UIImage?, adding add: () -> Void) {
        let before = model.items.count
        add()
        if model.items.count > before, let id = model.items.last?.id {
            previews[id] = preview
        }
    }
}
