import RinAppShell
import SwiftUI

/// A profile's name, bio and whether search finds it, saved together. They are Rin's own (never
/// the Kindred profile), so what a circle sees of them is the grid's to decide.
struct ProfileAboutSection: View {
    @Bindable var model: ProfileEditorModel
    @State private var saved = false

    var body: some View {
        Section {
            TextField("Name", text: $model.displayName)
            problem("displayName")
            VStack(alignment: .trailing, spacing: 2) {
                TextField("Bio", text: $model.bio, axis: .vertical)
                    .lineLimit(2...6)
                // Counted as the contract counts it, in code points.
                Text("\(model.bio.unicodeScalars.count) / \(ProfileRules.bioLimit)")
                    .font(.caption2)
                    .foregroundStyle(model.bio.unicodeScalars.count > ProfileRules.bioLimit - 30 ? Color.orange : Color.secondary)
            }
            problem("bio")
            Toggle(isOn: $model.discoverable) {
                VStack(alignment: .leading, spacing: 2) {
                    Text("Found by search")
                    Text("People can find this profile by what Public sees of it.")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            if model.hasChanges {
                HStack {
                    Button("Save") { Task { saved = await model.save() } }
                        .buttonStyle(.borderedProminent)
                        .disabled(model.isSaving)
                    Button("Discard") { model.discardChanges() }
                        .buttonStyle(.bordered)
                }
            } else if saved {
                Text("Saved.")
                    .font(.footnote)
                    .foregroundStyle(RinTheme.done)
            }
            if let error = model.error {
                Text(error)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        } header: {
            HStack {
                Text(model.profile?.displayName ?? "Profile")
                if let kind = model.profile?.kind {
                    Text(RinWords.profileKindName(kind))
                }
            }
        }
        .onChange(of: model.hasChanges) { _, changed in
            if changed { saved = false }
        }
    }

    @ViewBuilder
    private func problem(_ field: String) -> some View {
        if let message = model.errors(.about)[field] {
            Text(message)
                .font(.footnote)
                .foregroundStyle(.red)
        }
    }
}
