import RinAppShell
import SwiftUI

/// What to do about the contacts the person already has: import now (the Contacts feature does
/// it once onboarding ends) or later. Choosing moves on.
struct OnboardingContactsStep: View {
    let coordinator: OnboardingCoordinator
    @State private var isWorking = false

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                Text("Bring in your contacts?")
                    .font(.title.weight(.bold))
                Text("Rin reads this device’s contacts, or a vCard or CSV file, and writes nothing back to them. Duplicates are merged when Rin is sure, and suggested to you when it isn’t.")
                Button {
                    Task { await choose(.importFile) }
                } label: {
                    Text("Import my contacts").frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                Button {
                    Task { await choose(.skip) }
                } label: {
                    Text("Not now").frame(maxWidth: .infinity)
                }
                .buttonStyle(.bordered)
                .controlSize(.large)
                Text("You can import at any time from Home.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            .disabled(isWorking)
            .padding()
        }
        .navigationBarTitleDisplayMode(.inline)
    }

    private func choose(_ choice: OnboardingContactsChoice) async {
        isWorking = true
        defer { isWorking = false }
        await coordinator.choose(choice)
    }
}
