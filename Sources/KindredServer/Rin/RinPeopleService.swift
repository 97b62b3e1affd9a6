import Fluent
import Foundation
import KindredAPI
import RinPolicy

/// Other people's Rin profiles, as the profile I act as may see them, and my own as someone else would.
struct RinPeopleService {
    let context: ServiceContext

    func person(_ profileID: UUID, actingAs acting: UUID?, by userID: UUID) async throws -> Components.Schemas.RinPersonView {
        let viewer = try await RinProfileService(context: context).acting(acting, by: userID)
        guard let owner = try await RinProfile.find(profileID, on: context.database) else { throw AppError.notFound("profile") }
        return try await RinVisibility.view(of: owner, by: .profile(viewer), context: context)
    }

    /// Someone's primary profile by their Kindred username. Alternates have no username to find.
    func find(username: String, actingAs acting: UUID?, by userID: UUID) async throws -> Components.Schemas.RinPersonView {
        let viewer = try await RinProfileService(context: context).acting(acting, by: userID)
        guard let user = try await User.query(on: context.database).filter(\.$username == username.lowercased()).first() else {
            throw AppError.notFound("profile")
        }
        // Someone who has never opened Rin has no Rin profile yet; looking them up makes none.
        guard let owner = try await RinProfile.query(on: context.database).filter(\.$primaryUserID == user.requireID()).first() else {
            throw AppError.notFound("profile")
        }
        return try await RinVisibility.view(of: owner, by: .profile(viewer), context: context)
    }

    /// "See as…": the same function the viewer's own request calls, with the viewer substituted.
    func preview(_ profileID: UUID, as viewer: String, by userID: UUID) async throws -> Components.Schemas.RinPersonView {
        let owner = try await RinProfileService(context: context).owned(profileID, by: userID)
        let eyes: RinViewer
        if viewer == "public" {
            eyes = .everyone
        } else if viewer.hasPrefix("circle:"), let id = UUID(uuidString: String(viewer.dropFirst("circle:".count))) {
            guard let circle = try await RinCircle.query(on: context.database).filter(\.$id == id)
                .filter(\.$profile.$id == owner.requireID()).first()
            else { throw AppError.notFound("circle") }
            eyes = .circle(circle)
        } else if viewer.hasPrefix("profile:"), let id = UUID(uuidString: String(viewer.dropFirst("profile:".count))) {
            guard let profile = try await RinProfile.find(id, on: context.database),
                  try await RinVisibility.mayKnow(profile, by: owner, on: context.database)
            else { throw AppError.notFound("profile") }
            eyes = .profile(profile)
        } else {
            throw AppError.validation(field: "viewer", "Say whose eyes to use: public, circle:<id> or profile:<id>.")
        }
        return try await RinVisibility.view(of: owner, by: eyes, context: context)
    }
}
