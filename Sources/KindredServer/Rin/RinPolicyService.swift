import Fluent
import Foundation
import RinPolicy

/// A profile's grid of who sees which field: read whole, saved all at once, reset per circle.
struct RinPolicyService {
    let context: ServiceContext

    struct Grid {
        var profile: RinProfile
        var circles: [RinCircle]
        var grid: RinPolicyGrid
        var fields: [RinProfileField]
    }

    func grid(of profileID: UUID, by userID: UUID) async throws -> Grid {
        let profile = try await RinProfileService(context: context).owned(profileID, by: userID)
        return try await Self.grid(of: profile, on: context.database)
    }

    static func grid(of profile: RinProfile, on database: any Database) async throws -> Grid {
        let circles = try await RinCircleService.circles(of: profile.requireID(), on: database)
        let fields = try await RinProfileField.query(on: database).filter(\.$profile.$id == profile.requireID())
            .sort(\.$position).sort(\.$id).all()
        let ids = circles.compactMap(\.id)
        let cells = ids.isEmpty ? [] : try await RinPolicySetting.query(on: database).filter(\.$circle.$id ~~ ids).all()
        let byCircle = Dictionary(grouping: cells, by: \.$circle.id)
        let grid = RinPolicyGrid(profileFields: try fields.map { try $0.descriptor() },
                                 circles: circles.map { $0.policy(cells: byCircle[$0.id ?? UUID()] ?? []) })
        return Grid(profile: profile, circles: circles, grid: grid, fields: fields)
    }

    /// Applies every change or none; an unknown circle or field is a 422 naming each.
    func update(_ profileID: UUID, with updates: [RinCellUpdate], by userID: UUID) async throws -> Grid {
        let current = try await grid(of: profileID, by: userID)
        let changed: RinPolicyGrid
        do {
            changed = try current.grid.applying(updates)
        } catch {
            throw AppError.validation(error.problems.map(Self.fieldError))
        }
        try await Self.store(changed, replacing: current.grid, on: context.database)
        return try await Self.grid(of: current.profile, on: context.database)
    }

    func reset(_ circleID: UUID, by userID: UUID) async throws {
        let circle = try await RinCircleService(context: context).owned(circleID, by: userID)
        try await RinPolicySetting.query(on: context.database).filter(\.$circle.$id == circle.requireID()).delete()
    }

    /// Writes each changed circle's cells whole: a cell equal to its template is no row at all.
    private static func store(_ grid: RinPolicyGrid, replacing old: RinPolicyGrid, on database: any Database) async throws {
        let changed = grid.circles.filter { circle in old.circle(circle.id)?.cells != circle.cells }
        guard !changed.isEmpty else { return }
        try await database.writeTransaction { database in
            for circle in changed {
                try await RinPolicySetting.query(on: database).filter(\.$circle.$id == circle.id).delete()
                for (key, access) in circle.cells.sorted(by: { $0.key.description < $1.key.description }) {
                    try await RinPolicySetting(circleID: circle.id, fieldKey: key.description, access: access).create(on: database)
                }
            }
        }
    }

    private static func fieldError(_ problem: RinPolicyProblem) -> AppError.FieldError {
        switch problem {
        case .unknownCircle(let id):
            .init(field: "cells", message: "There is no circle \(id.uuidString.lowercased()) on this profile.")
        case .unknownField(let key):
            .init(field: "cells", message: "This profile has no field \(key.description).")
        case .duplicateCell(let circleID, let key):
            .init(field: "cells", message: "The cell of \(key.description) in circle \(circleID.uuidString.lowercased()) is set twice.")
        }
    }
}
