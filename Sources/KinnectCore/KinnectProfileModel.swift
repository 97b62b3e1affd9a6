import Foundation
import KindredSDK
import Observation

/// Someone's profile and the follow button under it: Follow, Requested or Following. A tap
/// changes the button at once and puts it back if the server says no.
@MainActor @Observable
public final class KinnectProfileModel {
    public let username: String
    public private(set) var profile: KinnectProfile?
    public private(set) var error: String?
    public private(set) var isChangingFollow = false

    private let session: KindredSession

    public init(session: KindredSession, username: String) {
        self.session = session
        self.username = username
    }

    public func load() async {
        do {
            profile = try await session.kinnectProfile(username)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The button's words for where I stand.
    public var followButtonTitle: String {
        switch profile?.following {
        case .following?: "Following"
        case .requested?: "Requested"
        case .none?, nil: "Follow"
        }
    }

    /// Follow asks; Requested cancels the request; Following unfollows (and, the account being
    /// private, its posts are hidden again at once).
    public func tapFollow() async {
        guard let before = profile, !isChangingFollow else { return }
        isChangingFollow = true
        defer { isChangingFollow = false }
        var optimistic = before
        if before.following == .none {
            optimistic.following = .requested
        } else {
            optimistic.following = .none
            optimistic.canSeePosts = false
            if before.following == .following { optimistic.followerCount = max(0, before.followerCount - 1) }
        }
        profile = optimistic
        do {
            if before.following == .none {
                profile?.following = try await session.follow(username)
            } else {
                try await session.unfollow(username)
            }
            error = nil
        } catch {
            profile = before
            self.error = error.localizedDescription
        }
    }
}
