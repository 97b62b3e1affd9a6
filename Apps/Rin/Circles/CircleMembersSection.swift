import RinAppShell
import SwiftUI

/// A circle's members, newest first: contacts of my book (opening in Home) and Rin people
/// (opening their page). Adding from the book, or someone on Rin by username; taking out with a
/// swipe (shown at once, sent through the queue). Nobody is told either way.
struct CircleMembersSection: View {
    let members: CircleMembersModel
    let circle: RinCircle
    @Environment(CirclesCoordinator.self) private var coordinator
    @State private var username = ""
    @State private var isAdding = false

    var body: some View {
        Section {
            NavigationLink(value: CirclesRoute.addMembers(circle.id)) {
                Label("Add from your contacts", systemImage: "person.crop.circle.badge.plus")
            }
            HStack {
                TextField("Add someone on Rin by username", text: $username)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                    .onSubmit { Task { await addByUsername() } }
                Button("Add") { Task { await addByUsername() } }
                    .buttonStyle(.borderless)
                    .disabled(isAdding || username.trimmingCharacters(in: .whitespaces).isEmpty)
            }
            if let problem = members.usernameError {
                Text(problem)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        } header: {
            Text("Members")
        } footer: {
            Text("They aren’t told.")
        }
        Section {
            if members.members.isEmpty {
                Text("Nobody in this circle yet.")
                    .foregroundStyle(.secondary)
            }
            ForEach(members.members, id: \.id) { member in
                Button {
                    open(member)
                } label: {
                    memberRow(member)
                }
                .buttonStyle(.plain)
                .swipeActions {
                    Button("Remove", role: .destructive) { Task { await members.remove(member.id) } }
                }
            }
            if members.hasMore {
                LoadMoreRow { await members.loadMore() }
            }
            if !members.waiting.isEmpty {
                WaitingToSendLabel(text: "\(RinWords.counted(members.waiting.count, "removal")) waiting to send")
            }
        }
    }

    private func memberRow(_ member: RinCircleMember) -> some View {
        let isContact = member.contactId != nil
        let name = member.displayName ?? (isContact ? "A contact" : "Someone on Rin")
        return HStack {
            RinAvatar(name: name, photo: nil, size: 32)
            Text(name)
            Spacer()
            Text(isContact ? "Contact" : "On Rin")
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .combine)
    }

    /// A contact opens in Home; someone on Rin on their page in Profile, through the shell.
    private func open(_ member: RinCircleMember) {
        if coordinator.open(member: member) { return }
        if let profile = member.profileId { coordinator.navigate(.person(profile)) }
    }

    private func addByUsername() async {
        isAdding = true
        defer { isAdding = false }
        if await members.add(username: username) { username = "" }
    }
}
