import RinAppShell
import SwiftUI

/// A new circle: a name, an emoji if wanted, a colour (or the one Rin would pick: the palette's
/// least used), and the template its policy starts from, Restricted unless chosen otherwise,
/// since it opens least. Needs the server: the circle's id is its.
struct NewCircleView: View {
    let model: CirclesModel
    @Environment(CirclesCoordinator.self) private var coordinator
    @State private var name = ""
    @State private var emoji = ""
    @State private var colour: RinCircleColor?
    @State private var template = RinCircleDraft.TemplatePayload.restricted
    @State private var isSaving = false

    var body: some View {
        Form {
            if let error = model.error, model.fieldErrors.isEmpty {
                MessageRow(text: error)
            }
            Section {
                TextField("Name", text: $name)
                problem("name", hint: "Up to 30 characters.")
                TextField("Emoji (optional)", text: $emoji, prompt: Text("One emoji, like 🧗"))
                problem("emoji", hint: nil)
            }
            Section("Colour") {
                ColourPicker(selection: $colour, palette: CircleRules.palette, suggested: model.suggestedColor)
            }
            Section {
                Picker("Starts from", selection: $template) {
                    ForEach(RinCircleDraft.TemplatePayload.allCases, id: \.self) { choice in
                        VStack(alignment: .leading) {
                            Text(RinWords.templateName(RinWords.template(of: choice)))
                            Text(RinWords.templateHelp(RinWords.template(of: choice)))
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                        .tag(choice)
                    }
                }
                .pickerStyle(.inline)
            } footer: {
                Text("You can change any field of it afterwards in Who sees what.")
            }
        }
        .navigationTitle("New circle")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                if isSaving {
                    ProgressView()
                } else {
                    Button("Make circle") { Task { await create() } }
                        .disabled(name.trimmingCharacters(in: .whitespaces).isEmpty)
                }
            }
        }
    }

    private func problem(_ field: String, hint: String?) -> some View {
        Group {
            if let message = model.fieldErrors[field] {
                Text(message).foregroundStyle(.red)
            } else if let hint {
                Text(hint).foregroundStyle(.secondary)
            }
        }
        .font(.footnote)
    }

    private func create() async {
        isSaving = true
        defer { isSaving = false }
        guard let circle = await model.create(name: name, emoji: emoji, color: colour, template: template) else { return }
        // The new circle's page takes this form's place: adding people is what comes next.
        coordinator.popToRoot()
        coordinator.show(.circle(circle.id))
    }
}
