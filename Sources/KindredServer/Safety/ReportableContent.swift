import Fluent
import Foundation

/// A kind of thing people can report, and how moderation finds and hides it. The foundation
/// declares profiles; each app declares its own kinds (`<app id>.<noun>`, such as a post) in its
/// seam, so a report and a moderator's "hide" reach the app without the foundation naming it.
protocol ReportableContent: Sendable {
    /// `profile`, or `<app id>.<noun>`.
    static var kind: String { get }

    /// The content named `id` if `viewerID` can see it: its owner, and the id moderation finds it
    /// by later. Nil when it does not exist or is not the viewer's to see (then the report is a
    /// 404, as for anything private).
    static func find(_ id: String, seenBy viewerID: UUID, in context: ServiceContext) async throws
        -> (owner: UUID, contentID: String)?

    /// Hides the content from everyone but its owner.
    static func hide(_ contentID: String, in context: ServiceContext) async throws
}

/// A profile: what its owner wrote and uploaded about themselves. Hiding it clears the bio and the
/// avatar and sets the display name back to the username; the account itself stays.
enum ProfileContent: ReportableContent {
    static let kind = "profile"

    static func find(_ id: String, seenBy viewerID: UUID, in context: ServiceContext) async throws -> (owner: UUID, contentID: String)? {
        guard let user = try await ProfileService.visibleUser(username: id, to: viewerID, on: context.database) else { return nil }
        let userID = try user.requireID()
        return (userID, userID.uuidString)
    }

    static func hide(_ contentID: String, in context: ServiceContext) async throws {
        guard let id = UUID(uuidString: contentID), let user = try await User.find(id, on: context.database) else { return }
        user.bio = ""
        user.displayName = user.username
        user.$avatar.id = nil
        try await user.save(on: context.database)
        await context.events.publish(.profileUpdated(try context.profile(of: try ProfileService.user(id, on: context.database))), to: id)
    }
}

extension KindredApps {
    /// Every kind of reportable content: the foundation's, then each app's.
    static let reportableContent: [String: any ReportableContent.Type] = ([ProfileContent.self] + all.flatMap { $0.reportableContent })
        .reduce(into: [:]) { kinds, content in kinds[content.kind] = content }
}
