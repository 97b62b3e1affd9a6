import RinAppShell
import SwiftUI

/// Two contacts that may be one person, side by side, why Rin thinks so in words, and three
/// answers: Merge, Different people (never suggested again) and Not now (hidden until Review is
/// opened again; the server is told nothing).
struct SuggestionCard: View {
    let model: ReviewModel
    let suggestion: RinSuggestion
    @State private var isBusy = false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Maybe the same person")
                    .font(.headline)
                Spacer()
                Text(model.confidence(of: suggestion))
                    .font(.caption.weight(.semibold))
                    .padding(.horizontal, 8)
                    .padding(.vertical, 2)
                    .background(RinTheme.accent.opacity(0.15), in: Capsule())
            }
            HStack(alignment: .top, spacing: 12) {
                ForEach(suggestion.contacts, id: \.id) { contact in
                    side(contact)
                }
            }
            VStack(alignment: .leading, spacing: 4) {
                Text("Why:")
                    .font(.caption)
                    .foregroundStyle(.secondary)
                ForEach(model.evidence(of: suggestion), id: \.self) { line in
                    Label(line.text, systemImage: line.isWarning ? "exclamationmark.triangle" : Self.symbol(line.kind))
                        .font(.subheadline)
                        .foregroundStyle(line.isWarning ? Color.orange : Color.primary)
                }
            }
            HStack {
                Button("Merge") { act { await model.merge(suggestion) != nil } }
                    .buttonStyle(.borderedProminent)
                Button("Different people") { act { await model.dismiss(suggestion) } }
                    .buttonStyle(.bordered)
                Button("Not now") { model.notNow(suggestion) }
                    .buttonStyle(.borderless)
            }
            .disabled(isBusy)
        }
        .padding(.vertical, 4)
    }

    private func side(_ contact: RinContactSummary) -> some View {
        let lines = [contact.organization, contact.phone, contact.email].compactMap { $0 }.filter { !$0.isEmpty }
        return VStack(alignment: .leading, spacing: 4) {
            RinAvatar(name: contact.displayName, photo: contact.photo, size: 40)
            Text(contact.displayName)
                .font(.subheadline.weight(.semibold))
            ForEach(lines.isEmpty ? ["No phone or e-mail"] : lines, id: \.self) { line in
                Text(line)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .accessibilityElement(children: .combine)
    }

    /// Runs one answer; the buttons wait meanwhile, and come back if it did not go through.
    private func act(_ answer: @escaping @MainActor @Sendable () async -> Bool) {
        isBusy = true
        Task {
            _ = await answer()
            isBusy = false
        }
    }

    private static func symbol(_ kind: ContactsWords.Evidence.Kind) -> String {
        switch kind {
        case .phone: "phone"
        case .email: "envelope"
        case .name: "person.2"
        case .domain: "globe"
        case .organization: "building.2"
        case .birthday: "gift"
        }
    }
}
