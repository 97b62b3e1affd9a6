import RinAppShell
import SwiftUI

/// Someone else on Rin, as the profile I act as may see them: what they share, and the fields
/// on Ask with Ask. When they say yes, the page reads them again and the field appears.
struct PersonView: View {
    @State private var model: PersonModel

    init(context: RinContext, profileID: UUID) {
        _model = State(initialValue: PersonModel(context: context, profileID: profileID))
    }

    var body: some View {
        Group {
            if model.isUnavailable {
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
        // They approve one of my asks: what they let me see grows, here.
        .task { await model.followChanges() }
    }
}
