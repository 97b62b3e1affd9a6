import RinAppShell
import SwiftUI

/// "On Rin": linked, what the person shares with me, as it is now (nothing of it is copied into
/// my book), with Ask for what is on Ask, their page, and Unlink; not linked, their username to
/// link the card to them (they aren't told).
struct ContactLinkSection: View {
    let model: ContactDetailModel
    let contact: RinContactDetail
    @Environment(ContactsCoordinator.self) private var coordinator
    @State private var username = ""
    @State private var isLinking = false
    @State private var confirmsUnlink = false

    var body: some View {
        if let person = contact.linkedPerson {
            Section {
                PersonCard(view: person, ask: { field in _ = await model.ask(for: field) })
                Button("Open their page") { coordinator.showElsewhere(.person(person.profileId)) }
                Button("Unlink", role: .destructive) { confirmsUnlink = true }
            } header: {
                Text("On Rin")
            } footer: {
                Text("What they share with you, as it is now.")
            }
            .confirmationDialog("Unlink \(contact.displayName) from their Rin profile?",
                                isPresented: $confirmsUnlink, titleVisibility: .visible) {
                Button("Unlink", role: .destructive) { Task { await model.unlink() } }
            } message: {
                Text("They lose what the link gave them; your own values stay.")
            }
        } else {
            Section {
                TextField("Their username or card link", text: $username)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .onSubmit { Task { await link() } }
                if let problem = model.linkError {
                    Text(problem)
                        .font(.footnote)
                        .foregroundStyle(.red)
                }
                Button {
                    Task { await link() }
                } label: {
                    Label(isLinking ? "Linking…" : "Link", systemImage: "link")
                }
                .disabled(isLinking || username.trimmingCharacters(in: .whitespaces).isEmpty)
            } header: {
                Text("On Rin")
            } footer: {
                Text("Link this contact to someone on Rin to see what they share with you. They aren’t told. Once linked, they count as in your Contacts and in this contact’s circles.")
            }
        }
    }

    private func link() async {
        isLinking = true
        defer { isLinking = false }
        if await model.link(to: username) { username = "" }
    }
}
