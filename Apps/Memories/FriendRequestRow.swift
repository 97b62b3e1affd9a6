import MemoriesCore
import SwiftUI

/// A friend request, either way: theirs to me with Accept and Decline, mine to them with
/// Cancel. The buttons sit under the name, so they keep their size at the largest text sizes.
struct FriendRequestRow: View {
    let request: MemoriesFriendRequest
    let accept: @MainActor () async -> Void
    let delete: @MainActor () async -> Void

    @State private var working = false

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            PersonRow(profile: request.profile, detail: Text(detail))
            HStack(spacing: 10) {
                if request.direction == .incoming {
                    Button("Accept") { run(accept) }
                        .buttonStyle(.borderedProminent)
                        .accessibilityLabel("Accept \(request.profile.username)'s request")
                    Button("Decline") { run(delete) }
                        .buttonStyle(.bordered)
                        .accessibilityLabel("Decline \(request.profile.username)'s request")
                } else {
                    Button("Cancel request") { run(delete) }
                        .buttonStyle(.bordered)
                        .accessibilityLabel("Cancel your request to \(request.profile.username)")
                }
            }
            .disabled(working)
        }
        .padding(.vertical, 4)
    }

    private var detail: String {
        let when = request.createdAt.formatted(.relative(presentation: .named))
        return request.direction == .incoming ? "Asked to be friends \(when)" : "You asked \(when)"
    }

    private func run(_ action: @escaping @MainActor () async -> Void) {
        working = true
        Task {
            await action()
            working = false
        }
    }
}
