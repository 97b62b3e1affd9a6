import Fluent
import Foundation
import KindredAPI
import Vapor

extension Controller {
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let request = try request
        let caller = try await Caller.require(request)
        return .ok(.init(body: .json(try request.me(of: try await ProfileService.user(caller.userID, on: request.db)))))
    }

    func updateProfile(_ input: Operations.UpdateProfile.Input) async throws -> Operations.UpdateProfile.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let user = try await ProfileService(context: request.context).update(userID: caller.userID, with: .init(
            username: body.username, displayName: body.displayName, bio: body.bio,
            avatarID: body.avatarId, removeAvatar: body.removeAvatar ?? false))
        return .ok(.init(body: .json(try request.me(of: user))))
    }

    func deleteAccount(_ input: Operations.DeleteAccount.Input) async throws -> Operations.DeleteAccount.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await ProfileService(context: request.context).deleteAccount(userID: caller.userID)
        request.setCookie(RefreshCookie.clearing(request.kindred.configuration))
        return .noContent(.init())
    }

    func listSessions(_ input: Operations.ListSessions.Input) async throws -> Operations.ListSessions.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let sessions = try await AuthService(context: request.context, client: request.client).sessions(of: caller.userID, page: page)
        let list = try sessions.map { session in
            Components.Schemas.SessionInfo(
                id: try session.requireID(), device: session.device, createdAt: session.createdAt ?? session.lastUsedAt,
                lastUsedAt: session.lastUsedAt, current: session.id == caller.sessionID)
        }
        return .ok(.init(body: .json(.init(items: list.items, nextCursor: list.nextCursor))))
    }

    func revokeSession(_ input: Operations.RevokeSession.Input) async throws -> Operations.RevokeSession.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await AuthService(context: request.context, client: request.client).revoke(sessionID: input.path.sessionId, of: caller.userID, by: caller.sessionID)
        if input.path.sessionId == caller.sessionID {
            request.setCookie(RefreshCookie.clearing(request.kindred.configuration))
        }
        return .noContent(.init())
    }

    func revokeOtherSessions(_ input: Operations.RevokeOtherSessions.Input) async throws -> Operations.RevokeOtherSessions.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let revoked = try await AuthService(context: request.context, client: request.client).revokeOthers(keeping: caller.sessionID, of: caller.userID)
        return .ok(.init(body: .json(.init(revoked: revoked))))
    }
}

// MARK: - Alerts

extension Controller {
    func listAccountAlerts(_ input: Operations.ListAccountAlerts.Input) async throws -> Operations.ListAccountAlerts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let alerts = try await AccountAlertService(context: request.context).alerts(of: caller.userID, page: page)
            .map { try $0.dto(currentSession: caller.sessionID) }
        return .ok(.init(body: .json(.init(items: alerts.items, nextCursor: alerts.nextCursor))))
    }

    func answerAccountAlert(_ input: Operations.AnswerAccountAlert.Input) async throws -> Operations.AnswerAccountAlert.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let alert = try await AccountAlertService(context: request.context)
            .answer(input.path.alertId, wasMe: body.wasMe, by: caller.userID, from: caller.sessionID)
        return .ok(.init(body: .json(try alert.dto(currentSession: caller.sessionID))))
    }
}
