import RinAppShell
import SwiftUI

/// "See as…": the profile Rin works on through someone else's eyes (anyone on Rin, someone in
/// one of my circles, or one person by username), drawn by the very card a person's page uses.
/// The server answers with the same function as the viewer's own request, so what shows is what
/// they get; nothing is worked out here.
struct SeeAsView: View {
    @State private var model: SeeAsModel
    /// "One person, by username" is chosen and not yet found.
    @State private var choosesPerson = false
    @State private var username = ""

    init(context: RinContext) {
        _model = State(initialValue: SeeAsModel(context: context))
    }

    var body: some View {
        List {
            Section {
                Text("Exactly what someone else sees of your profile. Fields on Ask show only their label, behind a lock.")
                    .foregroundStyle(.secondary)
            }
            Section("See your profile as") {
                Picker("Viewer", selection: viewer) {
                    Text("Public: anyone on Rin").tag(Optional(SeeAsModel.Viewer.public))
                    ForEach(model.circles, id: \.id) { circle in
                        Text(circle.kind == .contacts ? "Contacts: a contact in no other circle" : "Someone in \(circle.name)")
                            .tag(Optional(SeeAsModel.Viewer.circle(circle.id)))
                    }
                    Text("One person, by username").tag(SeeAsModel.Viewer?.none)
                }
                if choosesPerson {
                    HStack {
                        TextField("Their username", text: $username)
                            .textInputAutocapitalization(.never)
                            .autocorrectionDisabled()
                            .onSubmit { Task { await seePerson() } }
                        Button("See as them") { Task { await seePerson() } }
                            .buttonStyle(.borderless)
                    }
                    if let problem = model.usernameError {
                        Text(problem)
                            .font(.footnote)
                            .foregroundStyle(.red)
                    }
                }
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.refresh() })
            }
            result
        }
        .navigationTitle("See as…")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
    }

    @ViewBuilder
    private var result: some View {
        if model.isLoading {
            Section { ProgressView() }
        } else if model.isHidden {
            Section {
                Label(hiddenText, systemImage: "lock.fill")
            }
        } else if let view = model.view, !(choosesPerson && model.personName == nil) {
            Section("What \(model.viewerDescription) sees") {
                PersonCard(view: view)
            }
        }
    }

    /// "Anyone on Rin can’t see this profile at all…": a name kept from the viewer hides it whole.
    private var hiddenText: String {
        let who = model.viewerDescription
        return who.prefix(1).uppercased() + String(who.dropFirst()) + " can’t see this profile at all: its name isn’t shared with them."
    }

    /// The picker's choice: a viewer, or nil for "one person", whose username comes next.
    private var viewer: Binding<SeeAsModel.Viewer?> {
        Binding {
            if case .person = model.viewer { return nil }
            return choosesPerson ? nil : model.viewer
        } set: { chosen in
            guard let chosen else {
                choosesPerson = true
                return
            }
            choosesPerson = false
            Task { await model.see(as: chosen) }
        }
    }

    private func seePerson() async {
        await model.seeAs(username: username)
    }
}
