import SwiftUI

/// Marks something changed on this device that the server has not taken yet (offline, or the
/// server could not take it now). The queue sends it by itself; Settings › Waiting to send can
/// send it at once.
struct WaitingToSendLabel: View {
    var text = "Waiting to send"

    var body: some View {
        Label(text, systemImage: "clock.arrow.circlepath")
            .font(.caption)
            .foregroundStyle(RinTheme.waiting)
    }
}
