import RinAppShell
import SwiftUI

/// One of my profiles on a screen of its own (`rin://profile/{id}`).
struct ProfileEditorScreen: View {
    let context: RinContext
    let profileID: UUID

    var body: some View {
        List {
            ProfileEditorSections(context: context, profileID: profileID)
        }
        .navigationTitle(context.profiles.first { $0.id == profileID }?.displayName ?? "Profile")
        .navigationBarTitleDisplayMode(.inline)
    }
}
