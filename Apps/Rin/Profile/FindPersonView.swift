import RinAppShell
import SwiftUI

/// Finding someone on Rin by their Kindred username (primary profiles only: alternates have no
/// username), then their page. Nobody, a block, and a name kept from me answer alike.
struct FindPersonView: View {
    @State private var model: PersonLookupModel
    @Environment(ProfilesCoordinator.self) private var coordinator

    init(context: RinContext) {
        _model = State(initialValue: PersonLookupModel(context: context))
    }

    var body: some View {
        @Bindable var model = model
        Form {
            Section {
                TextField("Their Kindred username", text: $model.username)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .onSubmit { Task { await find() } }
                if let problem = model.usernameError {
                    Text(problem)
                        .font(.footnote)
                        .foregroundStyle(.red)
                }
                Button {
                    Task { await find() }
                } label: {
                    Label(model.isSearching ? "Finding…" : "Find", systemImage: "magnifyingglass")
                }
                .disabled(model.isSearching)
            } footer: {
                Text("You see what they share with your profile: at least their name, unless they keep it from you.")
            }
            if let error = model.error {
                Section { Text(error).foregroundStyle(.red) }
            }
        }
        .navigationTitle("Find someone on Rin")
        .navigationBarTitleDisplayMode(.inline)
    }

    private func find() async {
        if let person = await model.find() { coordinator.show(.person(person.profileId)) }
    }
}
