import RinAppShell
import SwiftUI

/// One cell of the grid: its value as icon and word, a dot while it is still its circle's
/// template value, a mark while it is changed and not saved; a tap moves it Allow → Ask → Don't
/// allow → Allow. VoiceOver says all of that in one sentence, as the web does.
struct PolicyCellButton: View {
    let model: PolicyGridModel
    let field: RinPolicyField
    let circle: RinCircle

    var body: some View {
        let access = model.access(field: field.key, circle: circle.id)
        let isTemplate = model.isTemplate(field: field.key, circle: circle.id)
        let isChanged = model.isChanged(field: field.key, circle: circle.id)
        Button {
            model.cycle(field: field.key, circle: circle.id)
        } label: {
            HStack(spacing: 4) {
                AccessBadge(access: access)
                if isTemplate {
                    Circle()
                        .fill(Color.secondary)
                        .frame(width: 5, height: 5)
                }
                if isChanged {
                    Image(systemName: "pencil.circle.fill")
                        .font(.caption)
                        .foregroundStyle(RinTheme.waiting)
                }
            }
            .padding(.horizontal, 8)
            .padding(.vertical, 4)
            .background(RinTheme.color(for: access).opacity(0.12), in: Capsule())
        }
        .buttonStyle(.plain)
        .accessibilityLabel(label(access: access, isTemplate: isTemplate, isChanged: isChanged))
        .accessibilityHint("Tap for \(PolicyGridModel.word(for: Self.next(after: access))).")
    }

    /// "Mobile phone for Friends: Ask, the template's value, not saved yet."
    private func label(access: RinAccess, isTemplate: Bool, isChanged: Bool) -> String {
        var text = "\(RinWords.name(of: field)) for \(circle.name): \(PolicyGridModel.word(for: access))"
        if isTemplate { text += ", the template’s value" }
        if isChanged { text += ", not saved yet" }
        return text
    }

    /// The order a tap follows (`PolicyGridModel.cycle`).
    private static func next(after access: RinAccess) -> RinAccess {
        switch access {
        case .allow: .ask
        case .ask: .deny
        case .deny: .allow
        }
    }
}
