import KindredSDK
import SwiftUI

/// Someone in a list: picture, name and username, and a line under them.
struct PersonRow: View {
    let profile: Profile
    var detail: Text?

    @ScaledMetric(relativeTo: .body) private var avatarSize: CGFloat = 44

    var body: some View {
        HStack(spacing: 12) {
            AvatarView(profile: profile, size: avatarSize)
            VStack(alignment: .leading, spacing: 2) {
                Text(profile.shownName)
                    .font(.body.weight(.semibold))
                Text(profile.username)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                if let detail {
                    detail
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .accessibilityElement(children: .combine)
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
