import KinnectCore
import SwiftUI

/// A stored image (a photo, a thumbnail, a video's poster) from its signed URL.
struct MediaImage: View {
    let media: Media
    var contentMode: ContentMode = .fit
    @Environment(\.mediaBaseURL) private var baseURL

    var body: some View {
        AsyncImage(url: media.resolvedURL(relativeTo: baseURL)) { phase in
            switch phase {
            case .success(let image):
                image
                    .resizable()
                    .aspectRatio(contentMode: contentMode)
            case .failure:
                // Usually an expired signed URL; pulling to refresh fetches fresh ones.
                Image(systemName: "photo")
                    .font(.title)
                    .foregroundStyle(.secondary)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
            case .empty:
                ProgressView()
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
            @unknown default:
                Color.clear
            }
        }
    }
}

/// Someone's round picture, or their initial on a tint when they have none. Hidden from
/// VoiceOver: the name beside it says who it is.
struct AvatarView: View {
    let profile: Profile
    var size: CGFloat = 32
    @Environment(\.mediaBaseURL) private var baseURL

    var body: some View {
        Group {
            if let avatar = profile.avatar {
                AsyncImage(url: avatar.resolvedURL(relativeTo: baseURL)) { phase in
                    if case .success(let image) = phase {
                        image.resizable().scaledToFill()
                    } else {
                        initial
                    }
                }
            } else {
                initial
            }
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
        .accessibilityHidden(true)
    }

    private var initial: some View {
        Circle()
            .fill(Color.accentColor.opacity(0.2))
            .overlay {
                Text(String(profile.shownName.prefix(1)).uppercased())
                    .font(.system(size: size * 0.45, weight: .semibold))
                    .foregroundStyle(Color.accentColor)
            }
    }
}
