import Foundation
import KindredAPI
import Vapor

// Notification settings and each session's push device.
extension Controller {
    func getNotificationSettings(_ input: Operations.GetNotificationSettings.Input) async throws -> Operations.GetNotificationSettings.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let settings = try await PushService(context: request.context).settings(of: caller.userID)
        return .ok(.init(body: .json(request.kindred.push.settingsDTO(settings))))
    }

    func updateNotificationSettings(_ input: Operations.UpdateNotificationSettings.Input) async throws
        -> Operations.UpdateNotificationSettings.Output
    {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let settings = try await PushService(context: request.context)
            .update(body.kinds.map { (kind: $0.kind, enabled: $0.enabled) }, of: caller.userID)
        return .ok(.init(body: .json(request.kindred.push.settingsDTO(settings))))
    }

    func getPushDevice(_ input: Operations.GetPushDevice.Input) async throws -> Operations.GetPushDevice.Output {
        let request = try request
        let caller = try await Caller.require(request)
        return .ok(.init(body: .json(try await PushService(context: request.context).device(of: caller).dto(now: request.kindred.now))))
    }

    func registerPushDevice(_ input: Operations.RegisterPushDevice.Input) async throws -> Operations.RegisterPushDevice.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let registration: PushService.Registration
        switch (body.webPush, body.apns) {
        case (let web?, nil):
            registration = .webPush(endpoint: web.endpoint, p256dh: web.keys.p256dh, auth: web.keys.auth)
        case (nil, let apns?):
            registration = .apns(token: apns.token, environment: apns.environment.rawValue)
        default:
            throw AppError.validation(field: "webPush", "Send exactly one of webPush and apns.")
        }
        let device = try await PushService(context: request.context).register(registration, for: caller)
        return .ok(.init(body: .json(device.dto(now: request.kindred.now))))
    }

    func deletePushDevice(_ input: Operations.DeletePushDevice.Input) async throws -> Operations.DeletePushDevice.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await PushService(context: request.context).remove(for: caller)
        return .noContent(.init())
    }
}
