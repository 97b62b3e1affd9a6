import Foundation
import KindredAPI
import Vapor

// E-mailed links: verifying the address, resetting the password, changing the address.
extension Controller {
    func requestPasswordReset(_ input: Operations.RequestPasswordReset.Input) async throws -> Operations.RequestPasswordReset.Output {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        try await EmailService(context: request.context).requestPasswordReset(email: body.email, client: request.client)
        return .accepted(.init())
    }

    func resetPassword(_ input: Operations.ResetPassword.Input) async throws -> Operations.ResetPassword.Output {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        try await EmailService(context: request.context).resetPassword(token: body.token, password: body.password)
        // This browser's session ended with every other; its refresh cookie goes too.
        request.setCookie(RefreshCookie.clearing(request.kindred.configuration))
        return .noContent(.init())
    }

    func confirmEmailVerification(_ input: Operations.ConfirmEmailVerification.Input) async throws
        -> Operations.ConfirmEmailVerification.Output
    {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let email = try await EmailService(context: request.context).confirmVerification(token: body.token, password: body.password)
        return .ok(.init(body: .json(.init(email: email))))
    }

    func sendEmailVerification(_ input: Operations.SendEmailVerification.Input) async throws -> Operations.SendEmailVerification.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await EmailService(context: request.context).sendVerification(to: caller.userID)
        return .accepted(.init())
    }

    func changeEmail(_ input: Operations.ChangeEmail.Input) async throws -> Operations.ChangeEmail.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        switch try await EmailService(context: request.context).changeEmail(of: caller.userID, to: body.email, password: body.password) {
        case .changed(let user): return .ok(.init(body: .json(try request.me(of: user))))
        case .confirmationSent(let email): return .accepted(.init(body: .json(.init(email: email))))
        }
    }
}
