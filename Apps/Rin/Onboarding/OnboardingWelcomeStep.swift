import SwiftUI

/// What Rin is, before anything is asked.
struct OnboardingWelcomeStep: View {
    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                Image(systemName: "person.crop.rectangle.stack")
                    .font(.system(size: 56))
                    .foregroundStyle(RinTheme.accent)
                    .accessibilityHidden(true)
                Text("Welcome to Rin")
                    .font(.largeTitle.weight(.bold))
                Text("Your address book, kept clean. Bring your contacts in once: Rin merges what is surely the same person, and asks you about the rest. Every merge can be undone.")
                Text("And you decide, field by field and circle by circle, who sees what of you. Nobody is told when you change it.")
                Text("Nothing is ever written back to the contacts you import.")
                    .foregroundStyle(.secondary)
            }
            .padding()
        }
        .navigationBarTitleDisplayMode(.inline)
    }
}
