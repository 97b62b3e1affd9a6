import RinAppShell
import SwiftUI

extension RinCircleColor {
    /// The palette colour itself: the contract's value is its hex (`#EF4444`).
    var color: Color { Color(rinHex: rawValue) }

    /// Its name, for VoiceOver and for people who can't tell the swatches apart; the web's
    /// words (`Public/js/apps/rin/words.js`).
    var name: String {
        switch self {
        case ._num_6b7280: "Grey"
        case ._num_3b82f6: "Blue"
        case ._num_ef4444: "Red"
        case ._num_22c55e: "Green"
        case ._num_8b5cf6: "Violet"
        case ._num_f97316: "Orange"
        case ._num_14b8a6: "Teal"
        case ._num_ec4899: "Pink"
        case ._num_f59e0b: "Amber"
        case ._num_6366f1: "Indigo"
        case ._num_06b6d4: "Cyan"
        case ._num_84cc16: "Lime"
        }
    }
}
