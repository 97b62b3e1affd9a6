import KinnectCore
import SwiftUI

/// Search: people by username or name as I type (a moment after I stop), each with a follow
/// button and a way to their profile.
struct SearchView: View {
    let session: KindredSession
    @Environment(PeopleSearchModel.self) private var model
    /// The query the results on screen answer, so "no one found" never flashes while typing.
    @State private var answered = ""

    var body: some View {
        @Bindable var model = model
        NavigationStack {
            List {
                if let error = model.error {
                    Text(error)
                        .font(.footnote)
                        .foregroundStyle(.red)
                }
                ForEach(model.results, id: \.profile.id) { person in
                    HStack {
                        NavigationLink(value: KinnectRoute.profile(person.profile.username)) {
                            PersonRow(profile: person.profile)
                        }
                        FollowButton(state: person.state) { await model.toggleFollow(person) }
                    }
                }
            }
            .listStyle(.plain)
            .overlay { emptyState }
            .navigationTitle("Search")
            .searchable(text: $model.query, placement: .navigationBarDrawer(displayMode: .always), prompt: "Name or username")
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .task(id: model.query) {
                // Typing again cancels this task before the pause is over: only the last query is asked.
                do {
                    try await Task.sleep(for: .milliseconds(300))
                } catch {
                    return
                }
                let asked = model.query
                await model.search()
                answered = asked
            }
            .kinnectRoutes(session: session)
        }
    }

    private var trimmedQuery: String { model.query.trimmingCharacters(in: .whitespacesAndNewlines) }

    @ViewBuilder private var emptyState: some View {
        if trimmedQuery.isEmpty {
            ContentUnavailableView("Find family and friends", systemImage: "person.2",
                                   description: Text("Search by name or username, then ask to follow them."))
        } else if model.results.isEmpty && model.error == nil && answered == model.query {
            ContentUnavailableView.search(text: trimmedQuery)
        }
    }
}
