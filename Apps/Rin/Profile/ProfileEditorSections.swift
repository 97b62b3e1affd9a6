import RinAppShell
import SwiftUI

/// One of my profiles, to change: its name, bio and search setting, its photo, its fields. Rows
/// for a `List`, used under the card picker and on a profile's own screen. Each change is the
/// model's to check and send; the server's answer (a phone in E.164) is what shows.
struct ProfileEditorSections: View {
    @State private var model: ProfileEditorModel

    init(context: RinContext, profileID: UUID) {
        _model = State(initialValue: ProfileEditorModel(context: context, profileID: profileID))
    }

    var body: some View {
        if model.isMissing {
            Section {
                Text("This profile isn’t one of yours any more. It may have been deleted on another device.")
                    .foregroundStyle(.secondary)
            }
        } else {
            ProfileAboutSection(model: model)
                // On the first section only: modifiers on a group of sections would run once per section.
                .task { await model.load() }
            ProfilePhotoSection(model: model)
            ProfileFieldsSection(model: model)
        }
    }
}
