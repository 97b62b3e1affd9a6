import DateAnInterventionCore
import SwiftUI

/// "Matches": how I swipe in one line, then every like and super-like, newest first, each with
/// the chat's last line, a page at a time (the next loads as the last tile comes into view). A tile
/// opens the chat; its context menu (or VoiceOver action) the profile.
struct MatchesView: View {
    let session: KindredSession
    @Environment(MatchesModel.self) private var model
    @State private var path: [Route] = []
    @State private var loaded = false

    var body: some View {
        NavigationStack(path: $path) {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    if let stats = model.stats {
                        // Every like and super-like is a match; the list holds only the pages loaded so far.
                        StatsSummary(stats: stats, matchCount: stats.likes + stats.superLikes,
                                     favourite: model.favouriteCategoryName)
                    }
                    if let error = model.error, loaded {
                        Label(error, systemImage: "exclamationmark.triangle.fill")
                            .font(.footnote)
                            .foregroundStyle(.red)
                    }
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 160), spacing: 12)], spacing: 12) {
                        ForEach(model.matches, id: \.intervention.id) { match in
                            tile(match)
                                .onAppear {
                                    if match.intervention.id == model.matches.last?.intervention.id {
                                        Task { await model.loadMore() }
                                    }
                                }
                        }
                    }
                    more
                }
                .padding()
            }
            .overlay { placeholder }
            .navigationTitle("Matches")
            .routes(session: session)
            .refreshable { await model.load() }
        }
        .task { await load() }
        .onChange(of: path) {
            // Back from a chat, its last line has changed.
            if path.isEmpty { Task { await model.load() } }
        }
    }

    private func tile(_ match: Match) -> some View {
        let id = match.intervention.id
        return NavigationLink(value: Route.chat(id)) {
            MatchTile(match: match)
        }
        .buttonStyle(.plain)
        .contextMenu {
            Button("Profile", systemImage: "person.text.rectangle") { path.append(.profile(id)) }
            Button("Compare", systemImage: "square.split.2x1") { path.append(.compare(id)) }
        }
        .accessibilityAction(named: "Profile") { path.append(.profile(id)) }
    }

    /// Below the grid while matches wait on the server: a spinner while a page loads, else a
    /// button, which is also how to try again, since the last tile has already appeared by then.
    @ViewBuilder private var more: some View {
        if model.nextCursor != nil {
            Group {
                if model.isLoadingMore {
                    ProgressView()
                } else if model.error != nil {
                    Button("Try again") { Task { await model.loadMore() } }
                        .buttonStyle(.bordered)
                } else {
                    Button("Load more") { Task { await model.loadMore() } }
                        .buttonStyle(.bordered)
                }
            }
            .frame(maxWidth: .infinity)
        }
    }

    @ViewBuilder private var placeholder: some View {
        if !loaded {
            ProgressView()
        } else if let error = model.error, model.stats == nil {
            ContentUnavailableView {
                Label("Your matches did not load", systemImage: "exclamationmark.triangle")
            } description: {
                Text(error)
            } actions: {
                Button("Try again") { Task { await model.load() } }
            }
        } else if model.matches.isEmpty {
            ContentUnavailableView("No matches yet", systemImage: "heart.slash",
                                   description: Text("Swipe right on an intervention you like and it shows up here."))
        }
    }

    private func load() async {
        await model.load()
        loaded = true
    }
}

/// One match: its gradient and symbol, name, a star if I super-liked it, and the chat's last line.
struct MatchTile: View {
    let match: Match

    var body: some View {
        let intervention = match.intervention
        VStack(alignment: .leading, spacing: 8) {
            ZStack(alignment: .topTrailing) {
                InterventionSymbol(intervention: intervention, size: 40)
                    .frame(maxWidth: .infinity, minHeight: 90)
                if match.direction == .superlike {
                    Image(systemName: "star.fill")
                        .foregroundStyle(.yellow)
                        .padding(8)
                        .accessibilityHidden(true)  // said in the label instead
                }
            }
            .background(intervention.background, in: RoundedRectangle(cornerRadius: 14, style: .continuous))
            Text(intervention.name)
                .font(.headline)
                .lineLimit(2)
            Text(preview)
                .font(.footnote)
                .foregroundStyle(.secondary)
                .lineLimit(2)
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
        .contentShape(Rectangle())
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityText)
        .accessibilityHint("Opens the chat")
    }

    private var preview: String {
        guard let last = match.lastMessage else { return "No messages yet. Say hello!" }
        return last.role == .user ? "You: \(last.text)" : last.text
    }

    private var accessibilityText: String {
        let name = match.intervention.name
        let star = match.direction == .superlike ? ", super-liked" : ""
        guard let last = match.lastMessage else { return "\(name)\(star). No messages yet." }
        return "\(name)\(star). \(last.role == .user ? "You" : name) said: \(last.text)"
    }
}

/// How I swipe, in one line, for the top of Matches.
struct StatsSummary: View {
    let stats: SwipeStats
    let matchCount: Int
    let favourite: String?

    var body: some View {
        HStack(alignment: .top) {
            item("\(stats.swiped)", "swiped")
            item("\(stats.likePercentage)%", "liked")
            item("\(matchCount)", matchCount == 1 ? "match" : "matches")
            if let favourite {
                item(favourite, "favourite")
            }
        }
        .padding()
        .background(Color.secondary.opacity(0.12), in: RoundedRectangle(cornerRadius: 16, style: .continuous))
        .accessibilityElement(children: .combine)
        .accessibilityLabel("Your swiping so far")
        .accessibilityValue(spoken)
    }

    private func item(_ value: String, _ label: String) -> some View {
        VStack(spacing: 2) {
            Text(value)
                .font(.headline)
                .lineLimit(1)
                .minimumScaleFactor(0.6)
            Text(label)
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity)
    }

    private var spoken: String {
        let favouritePart = favourite.map { ", favourite category \($0)" } ?? ""
        let matches = matchCount == 1 ? "match" : "matches"
        return "\(stats.swiped) swiped, \(stats.likePercentage)% liked, \(matchCount) \(matches)\(favouritePart)"
    }
}
