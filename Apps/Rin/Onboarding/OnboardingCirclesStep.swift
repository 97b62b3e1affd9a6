import RinAppShell
import SwiftUI

/// The circles a new profile starts with, each with who is in it and what it shows by default
/// (the model's words); the grid can change any of it later.
struct OnboardingCirclesStep: View {
    let model: OnboardingModel

    var body: some View {
        List {
            Section {
                Text("Each circle decides which of your details its people see. Someone in two circles gets the more open of the two. You can change all of it later in Circles.")
                    .foregroundStyle(.secondary)
            }
            ForEach(model.circles) { explained in
                VStack(alignment: .leading, spacing: 6) {
                    HStack(spacing: 8) {
                        CircleDot(color: explained.circle.color, emoji: explained.circle.emoji)
                        Text(explained.name)
                            .font(.headline)
                    }
                    Text(explained.members)
                        .font(.subheadline)
                    Text("Shows: \(explained.shows)")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                .accessibilityElement(children: .combine)
            }
        }
        .navigationTitle("Your circles")
        .navigationBarTitleDisplayMode(.inline)
    }
}
