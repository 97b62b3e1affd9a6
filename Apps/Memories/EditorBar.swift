import PhotosUI
import SwiftUI

enum EditorMode: Hashable {
    /// PencilKit takes touches: pen, pencil, marker, eraser, lasso.
    case draw
    /// Photos and text take touches: select, move, resize, turn.
    case arrange
}

/// The editor's controls, above the page (the tool picker takes the bottom of an iPhone's
/// screen): Draw or Arrange, add a photo or a text, undo and redo.
struct EditorBar: View {
    @Binding var mode: EditorMode
    @Binding var pickedPhoto: PhotosPickerItem?
    let canUndo: Bool
    let canRedo: Bool
    let isPlacingPhoto: Bool
    let addText: @MainActor () -> Void
    let undo: @MainActor () -> Void
    let redo: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 16) {
            Picker("Mode", selection: $mode) {
                Label("Draw", systemImage: "pencil.tip").tag(EditorMode.draw)
                Label("Arrange", systemImage: "hand.point.up.left").tag(EditorMode.arrange)
            }
            .pickerStyle(.segmented)
            .frame(maxWidth: 220)

            Spacer(minLength: 0)

            PhotosPicker(selection: $pickedPhoto, matching: .images, preferredItemEncoding: .compatible) {
                Image(systemName: "photo.badge.plus")
            }
            .disabled(isPlacingPhoto)
            .accessibilityLabel("Add a photo")

            Button { addText() } label: {
                Image(systemName: "textformat")
            }
            .accessibilityLabel("Add text")

            Button { undo() } label: {
                Image(systemName: "arrow.uturn.backward")
            }
            .disabled(!canUndo)
            .accessibilityLabel("Undo")

            Button { redo() } label: {
                Image(systemName: "arrow.uturn.forward")
            }
            .disabled(!canRedo)
            .accessibilityLabel("Redo")
        }
        .font(.title3)
        .padding(.horizontal)
        .padding(.vertical, 8)
    }
}

/// What can be done to the selected photo or text, under the page while one is selected.
struct SelectionBar: View {
    let isText: Bool
    let editText: @MainActor () -> Void
    let bringToFront: @MainActor () -> Void
    let delete: @MainActor () -> Void
    let done: @MainActor () -> Void

    var body: some View {
        HStack(spacing: 20) {
            if isText {
                Button("Edit text", systemImage: "character.cursor.ibeam") { editText() }
            }
            Button("To front", systemImage: "square.stack.3d.up.fill") { bringToFront() }
            Button("Delete", systemImage: "trash", role: .destructive) { delete() }
            Spacer(minLength: 0)
            Button("Done") { done() }
                .fontWeight(.semibold)
        }
        .labelStyle(.iconOnly)
        .font(.title3)
        .padding(.horizontal)
        .padding(.vertical, 8)
        .background(.bar)
    }
}
