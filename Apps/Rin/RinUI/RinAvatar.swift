import RinAppShell
import SwiftUI

/// A face for a contact, a Rin person or one of my profiles: the photo when there is one (and it
/// loads), else initials on a tint. Hidden from VoiceOver: the name is always written beside it.
struct RinAvatar: View {
    let name: String
    let photo: Media?
    var size: CGFloat = 40
    @Environment(\.mediaBaseURL) private var baseURL

    var body: some View {
        Group {
            if let photo {
                // A signed path on the server (`/media-files/…`), resolved against it.
                AsyncImage(url: photo.resolvedURL(relativeTo: baseURL)) { phase in
                    if case .success(let image) = phase {
                        image.resizable().scaledToFill()
                    } else {
                        initials
                    }
                }
            } else {
                initials
            }
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
        .accessibilityHidden(true)
    }

    private var initials: some View {
        Circle()
            .fill(RinTheme.accent.opacity(0.15))
            .overlay {
                Text(RinWords.initials(name))
                    .font(.system(size: size * 0.38, weight: .semibold))
                    .foregroundStyle(RinTheme.accent)
            }
    }
}
