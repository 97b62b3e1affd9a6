import KinnectCore
import SwiftUI

/// The top of a profile: picture, names, bio, followers and following (which open their lists
/// when I may see them), and the follow button, or, on my own profile, my requests and saved posts.
struct ProfileHeader: View {
    let profile: KinnectProfile
    let isMe: Bool
    let followTitle: String
    let isChangingFollow: Bool
    let follow: @MainActor () async -> Void

    @ScaledMetric(relativeTo: .title) private var avatarSize: CGFloat = 84

    private var person: Profile { profile.profile }

    var body: some View {
        VStack(spacing: 12) {
            AvatarView(profile: person, size: avatarSize)
            VStack(spacing: 4) {
                Text(person.shownName)
                    .font(.title2.bold())
                    .multilineTextAlignment(.center)
                Text(person.username)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                if profile.followsMe && !isMe {
                    Text("Follows you")
                        .font(.caption.weight(.semibold))
                        .padding(.horizontal, 8)
                        .padding(.vertical, 3)
                        .background(.quaternary, in: Capsule())
                }
            }
            if !person.bio.isEmpty {
                Text(person.bio)
                    .multilineTextAlignment(.center)
            }
            HStack(spacing: 40) {
                count(profile.followerCount, one: "follower", many: "followers", route: .followers(person.username))
                count(profile.followingCount, one: "following", many: "following", route: .following(person.username))
            }
            if isMe {
                HStack(spacing: 12) {
                    NavigationLink(value: KinnectRoute.followRequests) {
                        Label("Requests", systemImage: "person.badge.plus")
                    }
                    NavigationLink(value: KinnectRoute.saved) {
                        Label("Saved", systemImage: "bookmark")
                    }
                }
                .buttonStyle(.bordered)
            } else {
                FollowButton(state: profile.following, title: followTitle, isBusy: isChangingFollow, action: follow)
            }
        }
        .padding()
        .frame(maxWidth: .infinity)
    }

    /// A count, which opens the list when the profile lets me see it.
    @ViewBuilder private func count(_ value: Int, one: String, many: String, route: KinnectRoute) -> some View {
        let label = VStack(spacing: 2) {
            Text(value, format: .number)
                .font(.headline)
            Text(value == 1 ? one : many)
                .font(.caption)
                .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)

        if profile.canSeePosts {
            NavigationLink(value: route) { label }
                .buttonStyle(.plain)
        } else {
            label
        }
    }
}
