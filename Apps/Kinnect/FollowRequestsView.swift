import KinnectCore
import SwiftUI

/// Who asked to follow me, most recent first; new requests arrive while the list is open.
struct FollowRequestsView: View {
    @State private var model: FollowRequestsModel

    init(session: KindredSession) {
        _model = State(initialValue: FollowRequestsModel(session: session))
    }

    var body: some View {
        List {
            if let error = model.error {
                Text(error)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
            ForEach(model.requests, id: \.profile.id) { person in
                FollowRequestRow(profile: person.profile, since: person.since,
                                 confirm: { await model.confirm(person) },
                                 delete: { await model.delete(person) })
            }
            if model.nextCursor != nil {
                ProgressView()
                    .frame(maxWidth: .infinity)
                    .task { await model.loadMore() }
            }
        }
        .listStyle(.plain)
        .overlay {
            if model.requests.isEmpty && model.error == nil {
                ContentUnavailableView("No follow requests", systemImage: "person.badge.plus",
                                       description: Text("When someone asks to follow you, confirm or delete it here."))
            }
        }
        .refreshable { await model.load() }
        .navigationTitle("Follow requests")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
        .task { await model.followChanges() }
    }
}
