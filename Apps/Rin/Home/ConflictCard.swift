import RinAppShell
import SwiftUI

/// A field a merge left with two values (two birthdays, two organisations): the contact shows
/// its own until one is chosen, and nothing is lost while it waits. Each value is a button that
/// keeps it.
struct ConflictCard: View {
    let model: ReviewModel
    let conflict: RinConflict
    @Environment(ContactsCoordinator.self) private var coordinator
    @State private var isChoosing = false

    var body: some View {
        let what = ContactsWords.fieldName(conflict.field)
        VStack(alignment: .leading, spacing: 8) {
            Button {
                coordinator.show(.contact(conflict.contactId))
            } label: {
                Label("\(conflict.contactName): two values for the \(what)", systemImage: "exclamationmark.triangle")
                    .font(.headline)
            }
            .buttonStyle(.borderless)
            Text("Choose the \(what) to keep. Until then the contact shows its own.")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            ForEach(conflict.options.indices, id: \.self) { index in
                Button {
                    isChoosing = true
                    Task {
                        _ = await model.resolve(conflict, choice: index)
                        isChoosing = false
                    }
                } label: {
                    HStack {
                        Text("Keep").foregroundStyle(.secondary)
                        Text(shown(index))
                            .multilineTextAlignment(.leading)
                        Spacer()
                    }
                }
                .buttonStyle(.bordered)
                .disabled(isChoosing)
            }
        }
        .padding(.vertical, 4)
    }

    /// A birthday as a date; anything else as it was written.
    private func shown(_ index: Int) -> String {
        let value = model.optionText(conflict, index)
        return conflict.field == .birthday ? RinWords.birthdayText(value) : value
    }
}
