import RinAppShell
import SwiftUI

/// Asks waiting for my answer: people who want to see a field of this profile that is on Ask for
/// them, newest first. Approve shows them that field alone; Approve all fields shows them every
/// field, now and later, whatever their circles say (asked first); Decline tells them nothing.
struct AsksInboxView: View {
    let model: AsksInboxModel
    @Environment(RinShell.self) private var shell: RinShell?
    @State private var approvingAll: RinIncomingAsk?

    var body: some View {
        List {
            Section {
                Text("People who want to see a field you keep on Ask for them. They aren’t told if you decline.")
                    .foregroundStyle(.secondary)
            }
            if let notice = model.notice {
                MessageRow(text: notice, tone: .done, dismiss: { model.dismissNotice() })
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            }
            Section {
                if model.asks.isEmpty && !model.isLoading {
                    Text("No one is waiting for an answer.")
                        .foregroundStyle(.secondary)
                }
                ForEach(model.asks, id: \.id) { ask in
                    AskRow(ask: ask, isAnswering: model.answering.contains(ask.id),
                           approve: { await answer { await model.approve(ask) } },
                           approveAll: { approvingAll = ask },
                           decline: { await answer { await model.decline(ask) } })
                }
                if model.nextCursor != nil {
                    LoadMoreRow { await model.loadMore() }
                }
            }
        }
        .navigationTitle("Asks")
        .overlay {
            if model.isLoading && model.asks.isEmpty { ProgressView() }
        }
        .task { await model.load() }
        .refreshable { await model.load() }
        .confirmationDialog(approvingAll.map { "Show \($0.requester.displayName ?? "them") every field of this profile?" } ?? "",
                            isPresented: Binding(get: { approvingAll != nil }, set: { if !$0 { approvingAll = nil } }),
                            titleVisibility: .visible, presenting: approvingAll) { ask in
            Button("Approve all fields") { Task { await answer { await model.approve(ask, allFields: true) } } }
        } message: { _ in
            Text("Now and any you add later, whatever their circles say.")
        }
    }

    /// One answer, then the Profile tab's badge, which counts what still waits.
    private func answer(_ call: @MainActor () async -> Void) async {
        await call()
        await shell?.refreshBadges()
    }
}
