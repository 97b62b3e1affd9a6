import RinAppShell
import SwiftUI

/// My own values for a contact (tap to call, write or open), then the nickname, birthday and note.
struct ContactValuesSection: View {
    let contact: RinContactDetail

    var body: some View {
        Section {
            if contact.values.isEmpty {
                Text("No phone, e-mail or address yet.")
                    .foregroundStyle(.secondary)
            }
            ForEach(Array(contact.values.enumerated()), id: \.offset) { _, value in
                VStack(alignment: .leading, spacing: 2) {
                    HStack(spacing: 6) {
                        Label(RinWords.name(of: value), systemImage: RinWords.symbol(forKind: value.kind.rawValue))
                        // "Primary" only tells something when there are two of a kind.
                        if value.isPrimary, contact.values.filter({ $0.kind == value.kind }).count > 1 {
                            Text("Primary")
                                .font(.caption2.weight(.semibold))
                                .padding(.horizontal, 6)
                                .background(Color.secondary.opacity(0.15), in: Capsule())
                        }
                    }
                    .font(.caption)
                    .foregroundStyle(.secondary)
                    FieldValueText(kind: value.kind.rawValue, value: value.value)
                }
            }
        }
        if [contact.nickname, contact.birthday, contact.note].contains(where: { !($0 ?? "").isEmpty }) {
            Section {
                if let nickname = Self.text(contact.nickname) {
                    LabeledContent("Nickname", value: nickname)
                }
                if let birthday = Self.text(contact.birthday) {
                    LabeledContent("Birthday", value: RinWords.birthdayText(birthday))
                }
                if let note = Self.text(contact.note) {
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Note")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                        Text(note)
                            .textSelection(.enabled)
                    }
                }
            }
        }
    }

    private static func text(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
