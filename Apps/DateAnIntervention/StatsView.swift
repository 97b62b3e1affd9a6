import Charts
import DateAnInterventionCore
import KindredSDK
import SwiftUI

/// "Stats": how I swipe (totals, like rate, favourite category), a bar per category, the deck
/// reset, and signing out.
struct StatsView: View {
    let session: KindredSession
    @Environment(MatchesModel.self) private var model
    @Environment(DeckModel.self) private var deck
    @State private var confirmsReset = false
    @State private var resetting = false
    @State private var resetResult: String?
    @State private var resetError: String?

    var body: some View {
        NavigationStack {
            List {
                if let stats = model.stats {
                    totals(stats)
                    categories(stats)
                } else if let error = model.error {
                    Section {
                        Text(error).foregroundStyle(.red)
                        Button("Try again") { Task { await model.load() } }
                    }
                } else {
                    Section {
                        ProgressView().frame(maxWidth: .infinity)
                    }
                }
                resetSection
            }
            .navigationTitle("Your stats")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    SignOutButton()
                }
            }
            .refreshable { await model.load() }
            .confirmationDialog("Reset the deck?", isPresented: $confirmsReset, titleVisibility: .visible) {
                Button("Reset", role: .destructive) { Task { await reset() } }
            } message: {
                Text("Every swipe is forgotten and your matches are undone. Conversations are kept.")
            }
        }
        .task { await model.load() }
    }

    private func totals(_ stats: SwipeStats) -> some View {
        Section("Totals") {
            LabeledContent("Swiped", value: "\(stats.swiped)")
            LabeledContent("Liked", value: "\(stats.likePercentage)%")
            LabeledContent("Likes", value: "\(stats.likes)")
            LabeledContent("Super-likes", value: "\(stats.superLikes)")
            LabeledContent("Passes", value: "\(stats.passes)")
            LabeledContent("Favourite category", value: model.favouriteCategoryName ?? "None yet")
        }
    }

    /// Each category's bar is the whole category: liked and passed as shares of it, the rest unswiped.
    private func categories(_ stats: SwipeStats) -> some View {
        Section {
            Chart(stats.categories, id: \.category) { category in
                BarMark(x: .value("Share", Self.percent(category.liked, of: category.total)),
                        y: .value("Category", category.name))
                    .foregroundStyle(by: .value("Swipe", "Liked"))
                BarMark(x: .value("Share", Self.percent(category.passed, of: category.total)),
                        y: .value("Category", category.name))
                    .foregroundStyle(by: .value("Swipe", "Passed"))
            }
            .chartXScale(domain: 0.0...100.0)
            .chartForegroundStyleScale(["Liked": Color.green, "Passed": Color.red.opacity(0.6)])
            .frame(height: CGFloat(stats.categories.count) * 40 + 60)
            .padding(.vertical, 8)
            // The rows below say the same in words, which reads better aloud than the chart.
            .accessibilityHidden(true)
            ForEach(stats.categories, id: \.category) { category in
                LabeledContent(category.name,
                               value: "\(category.liked) liked · \(category.passed) passed · \(category.total) in all")
            }
        } header: {
            Text("By category")
        }
    }

    private var resetSection: some View {
        Section {
            Button("Reset deck", role: .destructive) { confirmsReset = true }
                .disabled(resetting)
            if let resetResult {
                Text(resetResult).foregroundStyle(.secondary)
            }
            if let resetError {
                Text(resetError).foregroundStyle(.red)
            }
        } header: {
            Text("Start over")
        } footer: {
            Text("Resetting forgets every swipe, so all the cards come back and your matches list empties. Conversations are kept and return when you match again.")
        }
    }

    /// Resets every category through the session: `DeckModel.reset()` resets only the category
    /// Discover is filtered to, and this screen promises all of them.
    private func reset() async {
        resetting = true
        defer { resetting = false }
        do {
            let cleared = try await session.resetDeck()
            resetResult = "Deck reset: \(cleared) \(cleared == 1 ? "swipe" : "swipes") forgotten."
            resetError = nil
        } catch {
            resetError = error.localizedDescription
            resetResult = nil
        }
        // Both read again: neither model hears about a reset made elsewhere.
        await model.load()
        await deck.load()
    }

    nonisolated private static func percent(_ part: Int, of whole: Int) -> Double {
        whole > 0 ? Double(part) / Double(whole) * 100 : 0
    }
}
