import KinnectCore
import SwiftUI

/// Someone who asked to follow me, with Confirm and Delete under their name (under, not beside,
/// so both buttons keep their size at the largest text sizes).
struct FollowRequestRow: View {
    let profile: Profile
    let since: Date
    let confirm: @MainActor () async -> Void
    let delete: @MainActor () async -> Void

    @State private var working = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            NavigationLink(value: KinnectRoute.profile(profile.username)) {
                PersonRow(profile: profile,
                          detail: Text("Asked to follow you \(since.formatted(.relative(presentation: .named)))"))
            }
            HStack(spacing: 10) {
                Button("Confirm") { run(confirm) }
                    .buttonStyle(.borderedProminent)
                    .accessibilityLabel("Confirm \(profile.username)'s request")
                Button("Delete") { run(delete) }
                    .buttonStyle(.bordered)
                    .accessibilityLabel("Delete \(profile.username)'s request")
            }
            .disabled(working)
        }
        .padding(.vertical, 4)
    }

    private func run(_ action: @escaping @MainActor () async -> Void) {
        working = true
        Task {
            await action()
            working = false
        }
    }
}
