import DateAnInterventionCore
import SwiftUI

/// A new match, made identifiable for `.sheet(item:)`: the generated `Match` is not `Identifiable`,
/// and an intervention matches me at most once, so its id is the match's.
struct MatchMoment: Identifiable {
    let match: Match
    var id: String { match.intervention.id }
}

/// "It's a match!": shown after a like or super-like that matched, with the way into the chat.
struct MatchSheet: View {
    let match: Match
    let onMessage: @MainActor () -> Void
    let onKeepSwiping: @MainActor () -> Void

    var body: some View {
        let intervention = match.intervention
        VStack(spacing: 20) {
            InterventionSymbol(intervention: intervention, size: 56)
                .frame(width: 110, height: 110)
                .background(intervention.background, in: Circle())
            Text("It’s a match!")
                .font(.largeTitle.bold())
            Text(line)
                .multilineTextAlignment(.center)
                .foregroundStyle(.secondary)
            VStack(spacing: 12) {
                Button(action: onMessage) {
                    Label("Send a message", systemImage: "bubble.left.and.bubble.right.fill")
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                Button("Keep swiping", action: onKeepSwiping)
                    .buttonStyle(.bordered)
            }
            .controlSize(.large)
        }
        .padding(24)
        .presentationDetents([.medium, .large])  // large for the biggest text sizes
    }

    private var line: String {
        let name = match.intervention.name
        return match.direction == .superlike
            ? "You super-liked \(name), and it likes you back."
            : "You and \(name) like each other."
    }
}
