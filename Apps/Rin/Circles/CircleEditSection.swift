import RinAppShell
import SwiftUI

/// A circle's name, emoji and colour, saved together: shown at once and sent through the queue,
/// so a change made offline waits for the connection. Contacts and Public keep their names.
struct CircleEditSection: View {
    let circles: CirclesModel
    let circle: RinCircle
    @State private var name = ""
    @State private var emoji = ""
    @State private var colour: RinCircleColor?
    @State private var saved = false

    var body: some View {
        Section {
            TextField("Name", text: $name)
                .disabled(!circles.canRename(circle))
            problem("name", hint: circles.canRename(circle) ? "Up to 30 characters." : "Rin’s own circles keep their names.")
            TextField("Emoji", text: $emoji, prompt: Text("One emoji, or none"))
            problem("emoji", hint: nil)
            ColourPicker(selection: $colour, palette: CircleRules.palette)
            problem("color", hint: nil)
            Button("Save changes") { Task { await save() } }
                .disabled(!isChanged)
            if saved && !isChanged {
                Text("Circle saved.")
                    .font(.footnote)
                    .foregroundStyle(RinTheme.done)
            }
        } header: {
            Text("Name, emoji and colour")
        }
        .onAppear { take(circle) }
        .onChange(of: circle) { _, changed in
            if !isChanged { take(changed) }
        }
    }

    private var isChanged: Bool {
        name != circle.name || emoji != (circle.emoji ?? "") || colour != circle.color
    }

    private func problem(_ field: String, hint: String?) -> some View {
        Group {
            if let message = circles.fieldErrors[field] {
                Text(message).foregroundStyle(.red)
            } else if let hint {
                Text(hint).foregroundStyle(.secondary)
            }
        }
        .font(.footnote)
    }

    private func take(_ circle: RinCircle) {
        (name, emoji, colour) = (circle.name, circle.emoji ?? "", circle.color)
    }

    private func save() async {
        saved = await circles.update(circle.id, name: name, emoji: emoji, color: colour ?? circle.color)
    }
}
