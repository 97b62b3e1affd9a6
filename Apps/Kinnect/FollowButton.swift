import KinnectCore
import SwiftUI

/// Follow, Requested or Following. Prominent only while there is something to ask for, so the
/// people I already follow do not shout.
struct FollowButton: View {
    let state: KinnectFollowState
    /// The words, when a model already has them (`KinnectProfileModel.followButtonTitle`).
    var title: String?
    var isBusy = false
    let action: @MainActor () async -> Void

    @State private var working = false

    var body: some View {
        let button = Button {
            working = true
            Task {
                await action()
                working = false
            }
        } label: {
            Text(title ?? state.buttonTitle)
                .frame(minWidth: 88)
        }
        .disabled(isBusy || working)
        .accessibilityHint(hint)

        if state == .none {
            button.buttonStyle(.borderedProminent)
        } else {
            button.buttonStyle(.bordered)
        }
    }

    private var hint: String {
        switch state {
        case .none: "Asks to follow. They confirm before you see their posts."
        case .requested: "Cancels your request"
        case .following: "Stops following"
        }
    }
}

extension KinnectFollowState {
    /// The words on the button, as `KinnectProfileModel.followButtonTitle` says them.
    var buttonTitle: String {
        switch self {
        case .none: "Follow"
        case .requested: "Requested"
        case .following: "Following"
        }
    }
}
