import KinnectCore
import SwiftUI

/// Someone in a list: picture, name and username.
struct PersonRow: View {
    let profile: Profile
    /// A second line under the name, e.g. when they asked.
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
