import RinAppShell
import SwiftUI

/// One circle: who is in it (contacts of the book, and Rin people by username), added and taken
/// out here; where to set what it sees; its name, emoji and colour; deleting it. Contacts and
/// Public keep their names and can't be deleted, and their members are computed, so they list
/// none.
struct CircleDetailView: View {
    let context: RinContext
    let circles: CirclesModel
    let circleID: UUID
    @State private var members: CircleMembersModel
    @Environment(CirclesCoordinator.self) private var coordinator
    @State private var confirmsDelete = false

    init(context: RinContext, circles: CirclesModel, circleID: UUID) {
        self.context = context
        self.circles = circles
        self.circleID = circleID
        _members = State(initialValue: CircleMembersModel(context: context, circleID: circleID))
    }

    /// The list's copy, which shows an edit at once; the members model's until the list has it.
    private var circle: RinCircle? { circles.circle(circleID) ?? members.circle }

    var body: some View {
        Group {
            if members.isMissing {
                ContentUnavailableView("Circle not found", systemImage: "circle.dashed",
                                       description: Text(CircleMembersModel.missingCircle))
            } else if let circle {
                page(circle)
            } else if let error = members.error {
                LoadFailedView(message: error) { await members.load() }
            } else {
                ProgressView()
            }
        }
        .navigationTitle(circle.map { [$0.emoji, $0.name].compactMap { $0 }.joined(separator: " ") } ?? "Circle")
        .navigationBarTitleDisplayMode(.inline)
        // Again on coming back from adding people, so they are listed and counted.
        .task { await members.load() }
    }

    private func page(_ circle: RinCircle) -> some View {
        List {
            if let error = members.error ?? circles.error {
                MessageRow(text: error)
            }
            Section {
                Text(meta(circle))
                    .foregroundStyle(.secondary)
            }
            if circle.isSystem {
                Section("Who is in it") {
                    Text(circle.kind == ._public
                         ? "Anyone signed in to Rin. What you allow here, every stranger sees."
                         : "Every contact in your book linked to someone on Rin. What you allow here applies to them unless another circle opens more.")
                }
            } else {
                CircleMembersSection(members: members, circle: circle)
            }
            Section {
                NavigationLink(value: CirclesRoute.circleGrid(circle.id)) {
                    Label("What this circle sees", systemImage: "square.grid.3x3")
                }
            }
            CircleEditSection(circles: circles, circle: circle)
            if circles.canDelete(circle) {
                Section {
                    Button("Delete circle", role: .destructive) { confirmsDelete = true }
                }
                .confirmationDialog("Delete \(circle.name)?", isPresented: $confirmsDelete, titleVisibility: .visible) {
                    Button("Delete", role: .destructive) { Task { await delete() } }
                } message: {
                    Text("Its people stay in your Contacts and keep what Contacts shares with them.")
                }
            }
        }
        .refreshable { await members.load() }
    }

    /// "3 members · starts from Moderate · one of Rin's own circles".
    private func meta(_ circle: RinCircle) -> String {
        let who = circle.isSystem ? RinWords.membersText(circle) : RinWords.counted(members.memberCount ?? 0, "member")
        return [who, "starts from \(RinWords.templateName(circle.template))", circle.isSystem ? "one of Rin’s own circles" : nil]
            .compactMap { $0 }.joined(separator: " · ")
    }

    private func delete() async {
        if await circles.delete(circleID) { coordinator.circleDeleted(circleID) }
    }
}
