import Crypto
import Foundation

/// What Kinnect tells people's devices of: follow requests (and a request of theirs accepted),
/// likes, and comments (replies among them). A new follower whose request I confirmed is not
/// told: I did it myself.
enum KinnectNotifications {
    static let followRequests = NotificationKind(id: "kinnect.follow-requests", label: "Follow requests, and yours accepted")
    static let likes = NotificationKind(id: "kinnect.likes", label: "Likes on your posts")
    static let comments = NotificationKind(id: "kinnect.comments", label: "Comments on your posts, and replies to yours")
    static let all = [followRequests, likes, comments]

    /// The kind an activity row is told as; nil for one nobody is told of.
    static func kind(of activity: KinnectActivity.Kind) -> NotificationKind? {
        switch activity {
        case .followRequested, .followAccepted: followRequests
        case .liked: likes
        case .commented, .replied: comments
        case .followed: nil
        }
    }

    /// The notice for an activity row, told as `kind` (`kind(of:)`). Comments are not quoted: the
    /// lock screen shows who, not what, and the words wait behind the app's own sign-in.
    static func notice(_ activity: KinnectActivity.Kind, as kind: NotificationKind, by actor: User, group: UUID) -> PushNotice {
        let who = actor.displayName.isEmpty ? actor.username : actor.displayName
        let body = switch activity {
        case .followRequested: "\(who) asked to follow you."
        case .followAccepted: "\(who) accepted your request to follow them."
        case .followed: "\(who) started following you."
        case .liked: "\(who) liked your post."
        case .commented: "\(who) commented on your post."
        case .replied: "\(who) replied to your comment."
        }
        // The activity tab's group is the topic too: ten likes on one post are one notification.
        let topic = String(Secrets.base64URL(SHA256.hash(data: Array(group.uuidString.utf8))).prefix(32))
        return PushNotice(kind: kind, title: KinnectApp.name, body: body, route: "/kinnect/activity", topic: topic)
    }

    /// The notice for an activity row that is told; nil for one that is not.
    static func notice(_ activity: KinnectActivity.Kind, by actor: User, group: UUID) -> PushNotice? {
        kind(of: activity).map { notice(activity, as: $0, by: actor, group: group) }
    }
}
