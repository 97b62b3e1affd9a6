import RinAppShell
import SwiftUI

/// Rin's colours, all from its palette (`RinCircleColor`) so the app and the circles speak one
/// visual language. Colour is never the only sign of anything: every use has a word or an icon.
enum RinTheme {
    /// Public's blue: links, the chosen card, primary actions.
    static let accent = RinCircleColor._num_3b82f6.color
    /// Allow: Friends' green.
    static let allow = RinCircleColor._num_22c55e.color
    /// Ask: amber.
    static let ask = RinCircleColor._num_f59e0b.color
    /// Don't allow: Contacts' grey.
    static let deny = RinCircleColor._num_6b7280.color
    /// Something waits on this device to be sent: orange.
    static let waiting = RinCircleColor._num_f97316.color
    /// What Rin did, said back ("Merged…", "Saved.").
    static let done = RinCircleColor._num_22c55e.color

    /// A value's colour in the grid, the badges and the legend.
    static func color(for access: RinAccess) -> Color {
        switch access {
        case .allow: allow
        case .ask: ask
        case .deny: deny
        }
    }

    /// A value's symbol: a check, a question, a cross.
    static func symbol(for access: RinAccess) -> String {
        switch access {
        case .allow: "checkmark.circle.fill"
        case .ask: "questionmark.circle.fill"
        case .deny: "xmark.circle.fill"
        }
    }
}
