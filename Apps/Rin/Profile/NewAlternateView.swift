import RinAppShell
import SwiftUI

/// A new alternate profile: its kind (which decides what its Contacts start with), a name, a bio,
/// and whether search finds it (off unless chosen). Nothing anyone else sees links it to me.
/// Once made, Rin works on it. Past the server's limits its message says when to try again.
struct NewAlternateView: View {
    let profiles: ProfilesModel
    @Environment(\.dismiss) private var dismiss
    @State private var kind = RinAlternateKind.professional
    @State private var name = ""
    @State private var bio = ""
    @State private var discoverable = false

    var body: some View {
        Form {
            if let error = profiles.error {
                MessageRow(text: error)
            }
            Section {
                Picker("Kind", selection: $kind) {
                    ForEach(RinAlternateKind.allCases, id: \.self) { kind in
                        VStack(alignment: .leading) {
                            Text(RinWords.alternateKindName(kind))
                            Text(RinWords.alternateKindHelp(kind))
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                        .tag(kind)
                    }
                }
                .pickerStyle(.inline)
                problem("kind")
            }
            Section {
                TextField("Name", text: $name)
                problem("displayName", hint: "What people you share this profile with see.")
                TextField("Bio (optional)", text: $bio, axis: .vertical)
                    .lineLimit(2...6)
                problem("bio")
                Toggle(isOn: $discoverable) {
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Found by search")
                        Text("Off unless you want strangers to find it.")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
            } footer: {
                Text("It has its own book, circles and who sees what. Nobody you share it with can tell it’s yours. Up to 3 new ones a day.")
            }
        }
        .navigationTitle("New alternate profile")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                if profiles.isSaving {
                    ProgressView()
                } else {
                    Button("Make profile") { Task { await create() } }
                        .disabled(name.trimmingCharacters(in: .whitespaces).isEmpty)
                }
            }
        }
    }

    private func create() async {
        if await profiles.createAlternate(kind: kind, displayName: name, bio: bio, discoverable: discoverable) != nil {
            dismiss()
        }
    }

    @ViewBuilder
    private func problem(_ field: String, hint: String? = nil) -> some View {
        if let message = profiles.creationErrors[field] {
            Text(message)
                .font(.footnote)
                .foregroundStyle(.red)
        } else if let hint {
            Text(hint)
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
    }
}
