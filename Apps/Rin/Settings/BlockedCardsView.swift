import RinAppShell
import SwiftUI

/// The Rin profiles I blocked, by the name I knew each by, newest first; swiping one unblocks it.
/// A block here is of that profile only, so the list never names an account.
struct BlockedCardsView: View {
    let model: BlockedCardsModel

    var body: some View {
        List {
            if let notice = model.notice {
                MessageRow(text: notice, tone: .done)
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            }
            Section {
                if model.isEmpty {
                    Text("You haven’t blocked any card.")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.blocks, id: \.id) { block in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(block.label)
                        Text("Blocked \(block.blockedAt.formatted(date: .abbreviated, time: .omitted))")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }
                    .swipeActions {
                        Button("Unblock") { Task { await model.unblock(block) } }
                            .tint(.blue)
                    }
                }
                if model.cursor != nil {
                    LoadMoreRow { await model.loadMore() }
                }
            } footer: {
                Text("You and a blocked profile don’t see each other in Rin. Only that profile is blocked; they aren’t told.")
            }
        }
        .navigationTitle("Blocked cards")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
    }
}
