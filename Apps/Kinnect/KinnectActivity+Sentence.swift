import KinnectCore

/// An activity item in words, as the web says it: "ada and 3 others liked your post."
extension KinnectActivity {
    /// "ada", "ada and bob", "ada and 3 others".
    var who: String {
        let first = actors.first?.username ?? "Someone"
        if actorCount <= 1 { return first }
        if actorCount == 2, actors.count > 1 { return "\(first) and \(actors[1].username)" }
        let others = actorCount - 1
        return "\(first) and \(others.formatted()) \(others == 1 ? "other" : "others")"
    }

    /// What they did, after `who` (or, for one person's act, after their name).
    var what: String {
        switch kind {
        case .followRequested: "asked to follow you."
        case .followed: "started following you."
        case .followAccepted: "accepted your follow request."
        case .liked: "liked your post."
        case .commented: (actorCount > 1 ? "commented on your post:" : "commented:") + quoted
        case .replied: "replied to your comment:" + quoted
        }
    }

    /// Requests and acceptances are one person's act, named alone.
    var subject: String {
        switch kind {
        case .followRequested, .followAccepted: actors.first?.username ?? "Someone"
        case .followed, .liked, .commented, .replied: who
        }
    }

    private var quoted: String {
        guard let text, !text.isEmpty else { return "" }
        return " “\(text)”"
    }

    /// Where a tap goes: the post (and its comments, for a comment) or the person.
    var route: KinnectRoute? {
        switch kind {
        case .liked:
            if let post { return .post(post.id) }
        case .commented, .replied:
            if let post { return .post(post.id, opensComments: true) }
        case .followRequested, .followed, .followAccepted:
            break
        }
        return actors.first.map { KinnectRoute.profile($0.username) }
    }
}
