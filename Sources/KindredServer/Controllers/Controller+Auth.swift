import Foundation
import KindredAPI
import Vapor

extension Controller {
    func signUp(_ input: Operations.SignUp.Input) async throws -> Operations.SignUp.Output {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let outcome = try await AuthService(context: request.context, client: request.client).signUp(
            email: body.email, password: body.password, username: body.username,
            displayName: body.displayName, device: body.device, installation: body.installation)
        switch outcome {
        case .signedIn(let issued):
            let session = try await authSession(issued, delivery: body.refreshTokenDelivery, request: request)
            return .created(.init(body: .json(session)))
        case .confirmationSent(let email):
            return .accepted(.init(body: .json(.init(email: email))))
        }
    }

    func signIn(_ input: Operations.SignIn.Input) async throws -> Operations.SignIn.Output {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let issued = try await AuthService(context: request.context, client: request.client).signIn(email: body.email, password: body.password, device: body.device,
                                                                                                  installation: body.installation)
        let session = try await authSession(issued, delivery: body.refreshTokenDelivery, request: request)
        return .ok(.init(body: .json(session)))
    }

    func signInWithApple(_ input: Operations.SignInWithApple.Input) async throws -> Operations.SignInWithApple.Output {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let issued = try await AuthService(context: request.context, client: request.client).signInWithApple(
            identityToken: body.identityToken, rawNonce: body.rawNonce, displayName: body.displayName, device: body.device,
            installation: body.installation)
        let session = try await authSession(issued, delivery: body.refreshTokenDelivery, request: request)
        return .ok(.init(body: .json(session)))
    }

    func refreshSession(_ input: Operations.RefreshSession.Input) async throws -> Operations.RefreshSession.Output {
        let request = try request
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let cookie = request.cookies[RefreshCookie.name]?.string
        guard let token = body.refreshToken ?? cookie, !token.isEmpty else {
            throw AppError.invalidToken("No refresh token was sent. Sign in again.")
        }
        // A token that came in the cookie goes back in the cookie, whatever the body asked.
        let delivery: Components.Schemas.TokenDelivery? = body.refreshToken == nil ? .cookie : body.refreshTokenDelivery
        let issued = try await AuthService(context: request.context, client: request.client).refresh(token: token)
        let session = try await authSession(issued, delivery: delivery, request: request)
        return .ok(.init(body: .json(session)))
    }

    func signOut(_ input: Operations.SignOut.Input) async throws -> Operations.SignOut.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await AuthService(context: request.context, client: request.client).revoke(sessionID: caller.sessionID, of: caller.userID, by: caller.sessionID)
        request.setCookie(RefreshCookie.clearing(request.kindred.configuration))
        return .noContent(.init())
    }

    /// The session for the client, with the refresh token in the body or in the cookie.
    private func authSession(_ issued: SessionIssuer.Issued, delivery: Components.Schemas.TokenDelivery?, request: Request)
        async throws -> Components.Schemas.AuthSession
    {
        let user = try await ProfileService.user(issued.userID, on: request.db)
        let inCookie = delivery == .cookie
        let session = Components.Schemas.AuthSession(
            accessToken: issued.accessToken, accessTokenExpiresAt: issued.accessTokenExpiresAt,
            refreshToken: inCookie ? nil : issued.refreshToken, sessionId: issued.sessionID, me: try request.me(of: user))
        if inCookie { request.setCookie(RefreshCookie.setting(issued.refreshToken, request.kindred.configuration)) }
        return session
    }
}

/// The browser's refresh token: HttpOnly so scripts never see it, SameSite=Strict so other sites
/// cannot use it, and scoped to the auth endpoints so it is not sent anywhere else.
enum RefreshCookie {
    static let name = "kindred_refresh"
    static let path = "/api/v1/auth"

    static func setting(_ token: String, _ configuration: KindredConfiguration) -> String {
        attributes(name + "=" + token, maxAge: Int(configuration.refreshTokenLifetime), configuration)
    }

    static func clearing(_ configuration: KindredConfiguration) -> String {
        attributes(name + "=", maxAge: 0, configuration)
    }

    private static func attributes(_ pair: String, maxAge: Int, _ configuration: KindredConfiguration) -> String {
        pair + "; Path=\(path); Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (configuration.secureCookies ? "; Secure" : "")
    }
}
