import RinAppShell
import SwiftUI

/// One ask: who asks (as they let this profile see them, opening their page), which field and
/// when, and the three answers.
struct AskRow: View {
    let ask: RinIncomingAsk
    let isAnswering: Bool
    let approve: @MainActor () async -> Void
    let approveAll: @MainActor () -> Void
    let decline: @MainActor () async -> Void
    @Environment(ProfilesCoordinator.self) private var coordinator

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            // A button, not a link: in a row with buttons, a link would take the whole row's taps.
            Button {
                coordinator.show(.person(ask.requester.profileId))
            } label: {
                HStack(spacing: 12) {
                    RinAvatar(name: who, photo: ask.requester.photo, size: 40)
                    VStack(alignment: .leading, spacing: 2) {
                        Text(who)
                            .font(.headline)
                        if let bio = ask.requester.bio, !bio.isEmpty {
                            Text(bio)
                                .font(.caption)
                                .foregroundStyle(.secondary)
                                .lineLimit(1)
                        }
                    }
                }
            }
            .buttonStyle(.borderless)
            .foregroundStyle(Color.primary)
            Label {
                Text("Wants to see \(RinWords.askedFieldText(ask.field)) · \(ask.createdAt.formatted(.relative(presentation: .named)))")
            } icon: {
                Image(systemName: RinWords.symbol(forKind: ask.field.kind.rawValue))
            }
            .font(.subheadline)
            HStack {
                Button("Approve") { Task { await approve() } }
                    .buttonStyle(.borderedProminent)
                Button("Approve all fields") { approveAll() }
                    .buttonStyle(.bordered)
                Button("Decline") { Task { await decline() } }
                    .buttonStyle(.borderless)
            }
            .disabled(isAnswering)
        }
        .padding(.vertical, 4)
    }

    private var who: String { ask.requester.displayName ?? "Someone on Rin" }
}
