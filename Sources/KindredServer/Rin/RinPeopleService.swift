import Fluent
import Foundation
import KindredAPI
import RinMatching
import RinPolicy
import SQLKit

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

    static let searchLimit = 20
    /// Candidates looked at per search: each costs a visibility check, and a search that needs
    /// more should say more.
    static let searchScan = 60

    /// Discoverable profiles whose name has every word of `query` (case and accents ignored), A to
    /// Z, at most `searchLimit`. Only a name Public may see is searched, so a result tells nothing
    /// a stranger could not see; each is shown as the profile I act as may see it. My own profiles,
    /// anyone blocked either way and suspended owners are left out.
    func search(_ query: String, actingAs acting: UUID?, by userID: UUID) async throws -> [Components.Schemas.RinPersonView] {
        let viewer = try await RinProfileService(context: context).acting(acting, by: userID)
        let words = MatchFolding.fold(query).split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw AppError.validation(field: "q", "Type a name to search for.") }
        let sql = try context.database.sql()
        var select = sql.select().column("id").from(RinProfile.schema)
            .where("discoverable", .equal, SQLBind(true))
            .where("user_id", .notEqual, SQLBind(userID))
        for word in words {
            select = select.where(SQLQueryString("\(ident: "search_name") LIKE \(bind: "%" + RinContactService.likeEscaped(word) + "%") ESCAPE '\\'"))
        }
        let ids = try await select.orderBy("search_name").orderBy("id").limit(Self.searchScan).all()
            .map { try $0.decode(column: "id", as: UUID.self) }
        let found = try await RinProfile.query(on: context.database).filter(\.$id ~~ ids).all()
        let byID = Dictionary(uniqueKeysWithValues: found.compactMap { row in row.id.map { ($0, row) } })
        var views: [Components.Schemas.RinPersonView] = []
        for owner in ids.compactMap({ byID[$0] }) where views.count < Self.searchLimit {
            guard try await RinVisibility.resolver(for: owner, viewer: .everyone, on: context.database) != nil,
                  try await RinVisibility.resolver(for: owner, viewer: .profile(viewer), on: context.database) != nil
            else { continue }
            views.append(try await RinVisibility.view(of: owner, by: .profile(viewer), context: context))
        }
        return views
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
