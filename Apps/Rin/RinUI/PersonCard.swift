import RinAppShell
import SwiftUI

/// A Rin person as one viewer sees them (`RinPersonView`, computed on the server): the name,
/// photo and bio they may see, each shared field, and the fields on Ask as labels behind a lock,
/// with no value, and Ask. One drawing for a person's page, a linked contact and "See as…", so
/// the preview can't differ from what the viewer gets; in "See as…" Ask is drawn but can't be
/// pressed. Once asked, a field says "Asked" for good: a declined ask reads as a waiting one.
///
/// Rows, not a card: put it in a `Section`, so each link and button is a row of its own.
struct PersonCard: View {
    let view: RinPersonView
    /// Asks for a field on Ask; nil in "See as…".
    var ask: (@MainActor (RinAskableField) async -> Void)?
    /// Field keys whose ask is on its way.
    var asking: Set<String> = []

    var body: some View {
        header
        ForEach(view.fields, id: \.key) { field in
            sharedRow(field)
        }
        if !view.askable.isEmpty {
            Text("Shared on request")
                .font(.footnote)
                .foregroundStyle(.secondary)
            ForEach(view.askable, id: \.key) { field in
                askableRow(field)
            }
        }
        if view.fields.isEmpty && view.askable.isEmpty && (view.bio ?? "").isEmpty {
            Text("Nothing more is shared.")
                .foregroundStyle(.secondary)
        }
    }

    /// The name as the viewer sees it; on Ask, it says so rather than showing nothing.
    private var name: String {
        if let name = view.displayName, !name.isEmpty { return name }
        return view.askable.contains { $0.kind == .name } ? "Name on request" : "Someone on Rin"
    }

    private var header: some View {
        HStack(spacing: 12) {
            RinAvatar(name: name, photo: view.photo, size: 56)
            VStack(alignment: .leading, spacing: 4) {
                Text(name)
                    .font(.title3.weight(.semibold))
                if let bio = view.bio, !bio.isEmpty {
                    Text(bio)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .accessibilityElement(children: .combine)
    }

    private func sharedRow(_ field: RinSharedField) -> some View {
        let kind = field.kind.rawValue
        return VStack(alignment: .leading, spacing: 2) {
            Label(RinWords.name(of: field), systemImage: RinWords.symbol(forKind: kind))
                .font(.caption)
                .foregroundStyle(.secondary)
            FieldValueText(kind: kind, value: field.value)
        }
    }

    private func askableRow(_ field: RinAskableField) -> some View {
        HStack(spacing: 12) {
            Image(systemName: "lock.fill")
                .foregroundStyle(.secondary)
                .accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 2) {
                Text(RinWords.name(of: field))
                Text(field.requested ? "You asked. It shows here if they say yes." : "Only its label is shown.")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            if field.requested {
                Label("Asked", systemImage: "checkmark")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            } else if asking.contains(field.key) {
                ProgressView()
            } else {
                Button {
                    guard let ask else { return }
                    Task { await ask(field) }
                } label: {
                    Label("Ask", systemImage: "key")
                }
                .buttonStyle(.bordered)
                .disabled(ask == nil)
                .accessibilityLabel(ask == nil ? "Ask for \(RinWords.name(of: field)) (they would see this button)"
                                                 : "Ask for \(RinWords.name(of: field))")
            }
        }
    }
}
