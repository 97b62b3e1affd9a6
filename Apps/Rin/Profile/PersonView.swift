import RinAppShell
import SwiftUI

/// Someone else on Rin, as the profile I act as may see them: what they share, and the fields
/// on Ask with Ask. When they say yes, the page reads them again and the field appears.
struct PersonView: View {
    @State private var model: PersonModel
    @State private var confirmsBlock = false

    init(context: RinContext, profileID: UUID) {
        _model = State(initialValue: PersonModel(context: context, profileID: profileID))
    }

    var body: some View {
        Group {
            if let block = model.block {
                ContentUnavailableView("Blocked", systemImage: "hand.raised",
                                       description: Text("\(block.label) is blocked: you and this profile won’t see each other in Rin. They aren’t told."))
            } else if model.isUnavailable {
                ContentUnavailableView("Not available", systemImage: "person.crop.circle.badge.xmark",
                                       description: Text("This profile isn’t available to you."))
            } else if let person = model.person {
                List {
                    if let notice = model.notice {
                        MessageRow(text: notice, tone: .done, dismiss: { model.dismissNotice() })
                    }
                    if let error = model.error {
                        MessageRow(text: error)
                    }
                    Section {
                        PersonCard(view: person, ask: { await model.ask($0) }, asking: model.asking)
                    }
                    Section {
                        Button("Block", role: .destructive) { confirmsBlock = true }
                    } footer: {
                        Text("Only this profile is blocked, never the rest of its owner. They aren’t told.")
                    }
                }
                .refreshable { await model.load() }
            } else if let error = model.error {
                LoadFailedView(message: error) { await model.load() }
            } else {
                ProgressView()
            }
        }
        .navigationTitle(model.person?.displayName ?? "Someone on Rin")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
        .confirmationDialog("Block \(model.person?.displayName ?? "this profile")?", isPresented: $confirmsBlock, titleVisibility: .visible) {
            Button("Block", role: .destructive) { Task { await model.blockPerson() } }
        } message: {
            Text("You and this profile won’t see each other in Rin, and pending asks between you are declined.")
        }
        // They approve one of my asks: what they let me see grows, here.
        .task { await model.followChanges() }
    }
}
