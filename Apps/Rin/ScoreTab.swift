import SwiftUI

/// The Score tab's place, kept so the tab bar has its final shape: the network score (and links
/// between Rin users that it counts) is part 2 of Rin (docs/RIN.md, Issue 13). Nothing is
/// computed or sent here.
struct ScoreTab: View {
    var body: some View {
        NavigationStack {
            ContentUnavailableView {
                Label("Rin Score", systemImage: "gauge.with.needle")
            } description: {
                Text("Your network score arrives with part 2 of Rin, together with links between Rin users. Until then your book, circles and profiles are all here.")
            }
            .navigationTitle("Score")
        }
    }
}
