import KindredSDK
import SwiftUI

extension View {
    /// Asks before blocking `person` (set it to ask), blocks, then runs `onBlocked`; a failure is
    /// said in an alert. Wherever a person is shown, Block sits beside Report. `consequence` is
    /// what else a block ends in this app, said in the question (a follow, a shared book).
    func blockConfirmation(session: KindredSession, person: Binding<Profile?>, consequence: String? = nil,
                           onBlocked: @escaping @MainActor () async -> Void) -> some View {
        modifier(BlockConfirmation(session: session, person: person, consequence: consequence, onBlocked: onBlocked))
    }
}

private struct BlockConfirmation: ViewModifier {
    let session: KindredSession
    @Binding var person: Profile?
    let consequence: String?
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
                Text(["You won't see each other anywhere in Kindred.", consequence, "\(person.shownName) isn't told."]
                    .compactMap(\.self).joined(separator: " "))
            }
            .alert("Could not block", isPresented: $showsError) {
                Button("OK") {}
            } message: {
                Text(error ?? "")
            }
    }

    private func block(_ person: Profile) async {
        do {
            try await session.block(username: person.username)
            await onBlocked()
        } catch {
            self.error = error.localizedDescription
            showsError = true
        }
    }
}
