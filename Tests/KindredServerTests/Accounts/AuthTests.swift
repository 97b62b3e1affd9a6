import Fluent
import Foundation
import KindredAPI
import Testing
import Vapor
@testable import KindredServer
import KindredTestSupport

@Suite("Sign-up, sign-in, refresh and sign-out over HTTP")
struct AuthTests {
    @Test func signUpNormalisesEmailAndStartsASession() async throws {
        try await withKindred { kindred in
            // act
            let response = try await kindred.send(.POST, "/auth/sign-up", json: [
                "email": "  Ada@Example.COM ", "password": "analytical", "username": "Ada_L", "displayName": "Ada",
            ])
            // validate
            #expect(response.status == .created)
            let session = try response.decode(Components.Schemas.AuthSession.self)
            #expect(session.me.email == "ada@example.com")
            #expect(session.me.profile.username == "ada_l")
            #expect(session.refreshToken != nil)
            #expect(response.headers.first(name: .setCookie) == nil)
            let me = try await kindred.send(.GET, "/me", token: session.accessToken)
            #expect(try me.decode(Components.Schemas.Me.self).profile.displayName == "Ada")
        }
    }

    @Test func signUpRefusesDuplicatesAndReportsEveryBadField() async throws {
        try await withKindred { kindred in
            _ = try await kindred.signUp("taken")
            let duplicate = try await kindred.send(.POST, "/auth/sign-up", json: ["email": "other@example.com", "password": "long enough", "username": "TAKEN"])
            #expect(duplicate.status == .conflict)
            #expect(duplicate.problem?.errors?.map(\.field) == ["username"])

            let bad = try await kindred.send(.POST, "/auth/sign-up", json: ["email": "nope", "password": "short", "username": "admin"])
            #expect(bad.status == .unprocessableEntity)
            #expect(Set(bad.problem?.errors?.map(\.field) ?? []) == ["email", "password", "username"])
            #expect(bad.headers.contentType?.description.hasPrefix("application/problem+json") == true)
        }
    }

    @Test func signInAnswersTheSameForUnknownEmailAndWrongPassword() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp("grace")
            let wrongPassword = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": "not it at all"])
            let unknownEmail = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "nobody@example.com", "password": "not it at all"])
            #expect(wrongPassword.status == .unauthorized)
            #expect(unknownEmail.status == .unauthorized)
            #expect(wrongPassword.problem?.detail == unknownEmail.problem?.detail)
            #expect(wrongPassword.problem?.kind == "invalid-credentials")

            let ok = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email.uppercased(), "password": user.password])
            #expect(ok.status == .ok)
        }
    }

    @Test func repeatedFailuresAreLimitedPerAccountWithRetryAfter() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp("alan")
            for _ in 0..<kindred.configuration.signInLimits.perAccount {
                let failed = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": "wrong password"])
                #expect(failed.status == .unauthorized)
            }
            // Even the right password is refused while the account is limited.
            let limited = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password])
            #expect(limited.status == .tooManyRequests)
            let retryAfter = try #require(limited.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect(retryAfter > 0 && retryAfter <= 15 * 60)

            kindred.clock.advance(by: TimeInterval(retryAfter + 1))
            let later = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password])
            #expect(later.status == .ok)
        }
    }

    @Test func failuresAreLimitedPerClientAddressAcrossAccounts() async throws {
        try await withKindred(adjust: { $0.signInLimits.perAddress = 3 }) { kindred in
            for index in 0..<3 {
                let failed = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "guess\(index)@example.com", "password": "wrong password"])
                #expect(failed.status == .unauthorized)
            }
            let limited = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "guess9@example.com", "password": "wrong password"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers.first(name: "Retry-After") != nil)
        }
    }

    @Test func refreshRotatesTokensAndReuseRevokesTheSession() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp("rotor")
            // act: a normal refresh
            let first = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
            #expect(first.status == .ok)
            let rotated = try first.decode(Components.Schemas.AuthSession.self)
            #expect(rotated.refreshToken != user.refreshToken)
            #expect(rotated.sessionId == user.sessionID)

            // act: the old token comes back after the grace window, as a thief would use it
            kindred.clock.advance(by: SessionIssuer.reuseGrace + 1)
            let replay = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
            #expect(replay.status == .unauthorized)
            #expect(replay.problem?.kind == "invalid-token")

            // validate: the whole session is gone, including the newest tokens
            let newest = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": try #require(rotated.refreshToken)])
            #expect(newest.status == .unauthorized)
            let me = try await kindred.send(.GET, "/me", token: rotated.accessToken)
            #expect(me.status == .unauthorized)
        }
    }

    @Test func aRaceWithinTheGraceWindowDoesNotRevoke() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp("twotabs")
            kindred.clock.freeze()  // the two refreshes are "at once", however slow the machine
            let first = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
            let second = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            let token = try second.decode(Components.Schemas.AuthSession.self).accessToken
            #expect(try await kindred.send(.GET, "/me", token: token).status == .ok)
        }
    }

    @Test func browsersGetTheRefreshTokenOnlyInAStrictHttpOnlyCookie() async throws {
        try await withKindred { kindred in
            let response = try await kindred.send(.POST, "/auth/sign-up", json: [
                "email": "cookie@example.com", "password": "biscuits!", "username": "cookie", "refreshTokenDelivery": "cookie",
            ])
            let session = try response.decode(Components.Schemas.AuthSession.self)
            #expect(session.refreshToken == nil)
            let cookie = try #require(response.headers.first(name: .setCookie))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Path=/api/v1/auth"))

            let pair = try #require(cookie.split(separator: ";").first)
            let refreshed = try await kindred.send(.POST, "/auth/refresh", json: ["refreshTokenDelivery": "cookie"],
                                                   headers: ["Cookie": String(pair)])
            #expect(refreshed.status == .ok)
            #expect(refreshed.headers.first(name: .setCookie)?.hasPrefix("kindred_refresh=") == true)
            #expect(refreshed.headers.first(name: .setCookie) != cookie)

            let noCookie = try await kindred.send(.POST, "/auth/refresh", json: ["refreshTokenDelivery": "cookie"])
            #expect(noCookie.status == .unauthorized)
        }
    }

    @Test func signOutRevokesTheSessionAndClearsTheCookie() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp("leaver")
            let out = try await kindred.send(.POST, "/auth/sign-out", token: user.accessToken)
            #expect(out.status == .noContent)
            #expect(out.headers.first(name: .setCookie)?.contains("Max-Age=0") == true)
            #expect(try await kindred.send(.GET, "/me", token: user.accessToken).status == .unauthorized)
            #expect(try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken]).status == .unauthorized)
        }
    }

    @Test func accessTokensExpire() async throws {
        try await withKindred { kindred in
            let user = try await kindred.signUp("mayfly")
            kindred.clock.advance(by: kindred.configuration.accessTokenLifetime + 5)
            let me = try await kindred.send(.GET, "/me", token: user.accessToken)
            #expect(me.status == .unauthorized)
            #expect(try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken]).status == .ok)
        }
    }
}

@Suite("Session housekeeping")
struct SessionHousekeepingTests {
    @Test func usedRefreshTokensAndEndedSessionsDoNotPileUp() async throws {
        try await withKindred { kindred in
            var user = try await kindred.signUp("tidy")
            for _ in 0..<(SessionIssuer.usedTokensKept + 5) {
                let refreshed = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
                user.refreshToken = try #require(try refreshed.decode(Components.Schemas.AuthSession.self).refreshToken)
            }
            let tokens = try await RefreshToken.query(on: kindred.app.db).filter(\.$session.$id == user.sessionID).count()
            #expect(tokens == SessionIssuer.usedTokensKept + 1)

            // Sign out, then sign in again: the ended session is cleared away.
            #expect(try await kindred.send(.POST, "/auth/sign-out", token: user.accessToken).status == .noContent)
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password]).status == .ok)
            let sessions = try await UserSession.query(on: kindred.app.db).filter(\.$user.$id == user.id).count()
            #expect(sessions == 1)
        }
    }
}
