import RinAppShell
import SwiftUI

/// The end: what comes next, depending on the choice made about contacts.
struct OnboardingDoneStep: View {
    let model: OnboardingModel

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                Image(systemName: "checkmark.seal.fill")
                    .font(.system(size: 56))
                    .foregroundStyle(RinTheme.done)
                    .accessibilityHidden(true)
                Text("You’re set")
                    .font(.largeTitle.weight(.bold))
                Text(model.contactsChoice == .importFile
                     ? "Next: choose your contacts to import. You can leave the import running and come back."
                     : "Your book is empty for now. Import or add contacts from Home whenever you like.")
                Text("Your profile, its fields and who sees them are in the Profile tab.")
                    .foregroundStyle(.secondary)
            }
            .padding()
        }
        .navigationBarTitleDisplayMode(.inline)
    }
}
