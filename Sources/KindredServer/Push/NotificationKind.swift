import Foundation
import KindredAPI

/// A kind of notification an app sends, which each person can turn off. Apps list theirs on the
/// seam (`KindredApp.notificationKinds`); the settings page shows them, grouped by app.
struct NotificationKind: Sendable, Hashable {
    /// `<app id>.<what>` (`kinnect.likes`): the setting's key and each message's `kind`.
    let id: String
    /// What the settings page calls it ("Likes on your posts").
    let label: String
}

/// One notification for one person. Written for the lock screen: it says who did what, never
/// more of what they wrote than the app would show the person anyway.
struct PushNotice: Sendable {
    let kind: NotificationKind
    let title: String
    let body: String
    /// Where it leads, as the web client's route (`/kinnect/activity`).
    let route: String
    /// Notices with one topic replace each other while undelivered (RFC 8030 §5.4), and on
    /// the lock screen: ten likes on a post are one notification. 32 characters of base64url at
    /// most; nil for notices that must all arrive.
    var topic: String?

    var payload: Components.Schemas.PushNotification {
        .init(kind: kind.id, title: title, body: body, route: route, tag: topic)
    }
}

extension KindredApps {
    /// Every app's kinds, in the apps' order, with the app each belongs to.
    static let notificationKinds: [(app: String, kind: NotificationKind)] =
        all.flatMap { app in app.notificationKinds.map { (app.id, $0) } }

    static let notificationKindIDs: Set<String> = Set(notificationKinds.map(\.kind.id))
}
