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

    /// The notice for an activity row. Comments are not quoted: the lock screen shows who, not
    /// what, and the words wait behind the app's own sign-in.
    static func notice(_ kind: KinnectActivity.Kind, by actor: User, group: UUID) -> PushNotice? {
        let who = actor.displayName.isEmpty ? actor.username : actor.displayName
        let notice: (NotificationKind, String)
        switch kind {
        case .followRequested: notice = (followRequests, "\(who) asked to follow you.")
        case .followAccepted: notice = (followRequests, "\(who) accepted your request to follow them.")
        case .liked: notice = (likes, "\(who) liked your post.")
        case .commented: notice = (comments, "\(who) commented on your post.")
        case .replied: notice = (comments, "\(who) replied to your comment.")
        case .followed: return nil
        }
        // The activity tab's group is the topic too: ten likes on one post are one notification.
        let topic = String(Secrets.base64URL(SHA256.hash(data: Array(group.uuidString.utf8))).prefix(32))
        return PushNotice(kind: notice.0, title: KinnectApp.name, body: notice.1, route: "/kinnect/activity", topic: topic)
    }
}
