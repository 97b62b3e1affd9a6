import MemoriesCore
import SwiftUI

/// A text on the page being written or restyled.
struct TextEditing: Identifiable {
    /// The element being changed; nil for a new text.
    let elementID: String?
    var text: CanvasElement.Text

    var id: String { elementID ?? "new" }
}

/// Writes a text for the page, or changes one: the words, the family, the size, the colour and
/// the alignment, with a preview as the page will show it.
struct TextElementSheet: View {
    let isNew: Bool
    let onDone: @MainActor (CanvasElement.Text) -> Void

    @Environment(\.dismiss) private var dismiss
    @State private var draft: CanvasElement.Text

    /// Sizes worth offering (the format allows 6 to 400 page units), and the text's own if it
    /// was made elsewhere outside them.
    private var sizes: ClosedRange<Double> { min(12, draft.size)...max(200, draft.size) }

    init(editing: TextEditing, onDone: @escaping @MainActor (CanvasElement.Text) -> Void) {
        isNew = editing.elementID == nil
        self.onDone = onDone
        _draft = State(initialValue: editing.text)
    }

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    TextField("Write something…", text: $draft.text, axis: .vertical)
                        .lineLimit(3...12)
                } footer: {
                    if tooLong {
                        Text("\(draft.text.unicodeScalars.count - CanvasLimits.textLength) characters too long.")
                            .foregroundStyle(.red)
                    }
                }
                Section("Style") {
                    Picker("Font", selection: $draft.font) {
                        ForEach(CanvasElement.Font.allCases, id: \.self) { font in
                            Text(font.displayName).font(font.swiftUIFont(size: 17)).tag(font)
                        }
                    }
                    LabeledContent("Size") {
                        Slider(value: $draft.size, in: sizes, step: 2)
                            .frame(maxWidth: 220)
                            .accessibilityValue("\(Int(draft.size))")
                    }
                    ColorPicker("Colour", selection: color, supportsOpacity: false)
                    Picker("Alignment", selection: $draft.align) {
                        Image(systemName: "text.alignleft").tag(CanvasElement.Alignment.left).accessibilityLabel("Left")
                        Image(systemName: "text.aligncenter").tag(CanvasElement.Alignment.center).accessibilityLabel("Centre")
                        Image(systemName: "text.alignright").tag(CanvasElement.Alignment.right).accessibilityLabel("Right")
                    }
                    .pickerStyle(.segmented)
                }
                Section("Preview") {
                    TextElementSymbol(text: draft, width: 300, scale: 300 / 800)
                        .frame(maxWidth: .infinity)
                        .padding(.vertical, 8)
                        .background(CanvasRenderer.paperColor)
                }
            }
            .navigationTitle(isNew ? "New text" : "Edit text")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button(isNew ? "Add" : "Done") {
                        onDone(draft)
                        dismiss()
                    }
                    .disabled(isBlank || tooLong)
                }
            }
        }
    }

    private var isBlank: Bool { draft.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    private var tooLong: Bool { draft.text.unicodeScalars.count > CanvasLimits.textLength }

    private var color: Binding<Color> {
        Binding(get: { Color(hex: draft.color) ?? .black }, set: { draft.color = $0.hexString })
    }
}
