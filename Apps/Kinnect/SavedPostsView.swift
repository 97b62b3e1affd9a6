import KinnectCore
import SwiftUI

/// The posts I saved, most recently saved first. Only I see this list.
struct SavedPostsView: View {
    @State private var pager: Pager<KinnectPost>

    init(session: KindredSession) {
        _pager = State(initialValue: Pager(identity: \.id) { cursor in
            try await session.savedPosts(cursor: cursor)
        })
    }

    var body: some View {
        ScrollView {
            PostGrid(pager: pager, emptyMessage: "Tap the bookmark under a post to keep it here. Only you see what you save.")
        }
        .refreshable { await pager.load() }
        .navigationTitle("Saved")
        .navigationBarTitleDisplayMode(.inline)
        .task {
            if !pager.hasLoaded { await pager.load() }
        }
    }
}
