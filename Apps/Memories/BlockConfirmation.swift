import MemoriesCore
import SwiftUI

extension View {
    /// Asks before blocking `person` (set it to ask), blocks, then runs `onBlocked`; a failure is
    /// said in an alert. Wherever a person is shown, Block sits beside Report.
    func blockConfirmation(session: KindredSession, person: Binding<Components.Schemas.Profile?>,
                           onBlocked: @escaping @MainActor () async -> Void) -> some View {
        modifier(BlockConfirmation(session: session, person: person, onBlocked: onBlocked))
    }
}

private struct BlockConfirmation: ViewModifier {
    let session: KindredSession
    @Binding var person: Components.Schemas.Profile?
    let onBlocked: @MainActor () async -> Void
    @State private var error: String?
    @State private var showsError = false

    func body(content: Content) -> some View {
        content
            .confirmationDialog("Block \(person?.username ?? "them")?",
                                isPresented: Binding(get: { person != nil }, set: { if !$0 { person = nil } }),
                                titleVisibility: .visible, presenting: person) { person in
                Button("Block", role: .destructive) { Task { await block(person) } }
            } message: { person in
                Text("You won't see each other anywhere in Kindred. If you're friends, your book is archived: you both keep reading it, and neither of you can add to it. \(person.shownName) isn't told.")
            }
            .alert("Could not block", isPresented: $showsError) {
                Button("OK") {}
            } message: {
                Text(error ?? "")
            }
    }

    private func block(_ person: Components.Schemas.Profile) async {
        do {
            try await session.block(username: person.username)
            await onBlocked()
        } catch {
            self.error = error.localizedDescription
            showsError = true
        }
    }
}
