import Fluent
import Foundation
import NIOConcurrencyHelpers
import KindredAPI
import Testing
import Vapor
import VaporTesting
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

            // Bounds the contract states are checked first, all at once…
            let tooLong = String(repeating: "a", count: 250) + "@example.com"
            let outOfBounds = try await kindred.send(.POST, "/auth/sign-up", json: ["email": tooLong, "password": "short", "username": "ab"])
            #expect(outOfBounds.status == .unprocessableEntity)
            #expect(Set(outOfBounds.problem?.errors?.map(\.field) ?? []) == ["email", "password", "username"])
            // …then the rules within them…
            let bad = try await kindred.send(.POST, "/auth/sign-up", json: ["email": "nope", "password": "long enough", "username": "fine_name"])
            #expect(bad.status == .unprocessableEntity)
            #expect(bad.problem?.errors?.map(\.field) == ["email"])
            #expect(bad.headers.contentType?.description.hasPrefix("application/problem+json") == true)
            // …and a reserved name is unavailable, like a taken one.
            let reserved = try await kindred.send(.POST, "/auth/sign-up", json: ["email": "new@example.com", "password": "long enough", "username": "admin"])
            #expect(reserved.status == .conflict)
            #expect(reserved.problem?.errors?.map(\.field) == ["username"])
        }
    }

    @Test func signUpsAreLimitedPerAddressSoEmailsCannotBeListed() async throws {
        try await withKindred(adjust: { $0.signUpsPerAddressPerHour = 3 }) { kindred in
            // setup: an account whose email a prober wants to confirm
            _ = try await kindred.signUp("known")
            // The limit counts from a fresh hour, not the setup's sign-up.
            kindred.clock.advance(by: 3601)

            // act: the prober tries one address after another, the taken one among them
            var statuses: [HTTPStatus] = []
            for candidate in ["a@example.com", "known@example.com", "b@example.com", "c@example.com", "d@example.com"] {
                let response = try await kindred.send(.POST, "/auth/sign-up", json: [
                    "email": candidate, "password": "long enough", "username": "probe\(statuses.count)",
                ])
                statuses.append(response.status)
            }

            // validate: three answers, then 429s that say nothing about the address
            #expect(statuses == [.created, .conflict, .created, .tooManyRequests, .tooManyRequests], "\(statuses.map(\.code))")
        }
    }

    @Test func aFloodOfPasswordHashesIsTurnedAwayNotQueuedForever() async throws {
        // setup: one hashing thread and room for two, as a small server would have; the thread is
        // held by a hash that does not finish until the test says so, and one more waits behind it.
        // (Holding it, rather than racing real hashes, is what makes the count exact on a loaded
        // machine, where twelve tasks may start far enough apart for each hash to end first.)
        let passwords = PasswordHasher(cost: 10, limits: .init(threads: 1, queueLimit: 2))
        let gate = DispatchSemaphore(value: 0)
        let running = NIOLockedValueBox(false)
        let held = Task { try await passwords.run { running.withLockedValue { $0 = true }; gate.wait(); return "held" } }
        try await eventually { running.withLockedValue { $0 } }
        let queued = Task { try await passwords.hash("queued password") }
        try await eventually { passwords.inFlight == 2 }

        // act: ten more hashes at once
        let outcomes = await withTaskGroup(of: AppError?.self) { group in
            for index in 0..<10 {
                group.addTask {
                    do { _ = try await passwords.hash("flood password \(index)"); return nil } catch { return error as? AppError }
                }
            }
            return await group.reduce(into: [AppError?]()) { $0.append($1) }
        }

        // validate: every one was told at once to come back, none was queued behind the others…
        #expect(outcomes.count == 10)
        #expect(outcomes.allSatisfy { $0?.status == .serviceUnavailable && $0?.headers.first(name: "Retry-After") != nil })
        // …and once the thread is free, the two admitted finish and the next hash is taken
        gate.signal()
        #expect(try await held.value == "held")
        #expect(try await queued.value.hasPrefix("$2"))
        #expect(try await passwords.hash("after the flood").hasPrefix("$2"))
        #expect(passwords.inFlight == 0)
        try await passwords.shutdown()
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

    @Test func repeatedFailuresAreLimitedPerAccountAndAddressWithRetryAfter() async throws {
        try await withKindred(adjust: { $0.trustedProxies = 1 }) { kindred in
            // setup
            let user = try await kindred.signUp("alan")
            // The wait is told from the first failure: time stands still so that a loaded machine,
            // slow to hash the attempts, still hears "about 15 minutes".
            kindred.clock.freeze()
            let attacker: HTTPHeaders = ["X-Forwarded-For": "198.51.100.7"]
            let owner: HTTPHeaders = ["X-Forwarded-For": "203.0.113.20"]

            // act: the attacker uses up the attempts for this account from their address
            for _ in 0..<kindred.configuration.signInLimits.perAccount {
                let failed = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": "wrong password"], headers: attacker)
                #expect(failed.status == .unauthorized)
            }

            // validate: even the right password is refused from that address, with a wait people can read…
            let limited = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password], headers: attacker)
            #expect(limited.status == .tooManyRequests)
            let retryAfter = try #require(limited.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect(retryAfter > 0 && retryAfter <= 15 * 60)
            #expect(limited.problem?.detail.contains("about 15 minutes") == true, "\(limited.problem?.detail ?? "")")
            // …while the owner, elsewhere, signs in as usual
            let ownerSignsIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password], headers: owner)
            #expect(ownerSignsIn.status == .ok)

            kindred.clock.advance(by: TimeInterval(retryAfter + 1))
            let later = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password], headers: attacker)
            #expect(later.status == .ok)
        }
    }

    @Test func parallelGuessesCannotSlipUnderTheLimit() async throws {
        try await withKindred(adjust: { $0.signInLimits.perAccount = 5 }) { kindred in
            // setup
            let user = try await kindred.signUp("burst")

            // act: 60 wrong passwords at once from one address
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<60 {
                    group.addTask { try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": "wrong password"]).status }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }

            // validate: exactly the limit's worth were checked, the rest refused before any hashing
            #expect(statuses.filter { $0 == .unauthorized }.count == 5, "\(statuses.map(\.code))")
            #expect(statuses.filter { $0 == .tooManyRequests }.count == 55)
        }
    }

    @Test func theAccountCeilingStopsAddressesThatFailedButNotAFreshOne() async throws {
        try await withKindred(adjust: { $0.trustedProxies = 1; $0.signInLimits.perAccountCeiling = 4 }) { kindred in
            // setup: four addresses fail once each, filling the account's ceiling
            let user = try await kindred.signUp("ceiling")
            for index in 1...4 {
                let failed = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": "wrong password"],
                                                    headers: ["X-Forwarded-For": "198.51.100.\(index)"])
                #expect(failed.status == .unauthorized)
            }

            // act
            let again = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": "wrong password"],
                                               headers: ["X-Forwarded-For": "198.51.100.1"])
            let fresh = try await kindred.send(.POST, "/auth/sign-in", json: ["email": user.email, "password": user.password],
                                               headers: ["X-Forwarded-For": "203.0.113.99"])

            // validate
            #expect(again.status == .tooManyRequests)
            #expect(fresh.status == .ok)
        }
    }

    @Test func theClientAddressIsTakenTheConfiguredNumberOfProxiesFromTheRight() async throws {
        try await withKindred(adjust: { $0.trustedProxies = 1; $0.signInLimits.perAddress = 3 }) { kindred in
            // act: an attacker puts a new made-up address first in X-Forwarded-For on every try;
            // the proxy appends the real one
            var statuses: [HTTPStatus] = []
            for index in 0..<6 {
                let response = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "spray\(index)@example.com", "password": "wrong password"],
                                                      headers: ["X-Forwarded-For": "10.0.0.\(index), 198.51.100.50"])
                statuses.append(response.status)
            }

            // validate
            #expect(statuses == [.unauthorized, .unauthorized, .unauthorized, .tooManyRequests, .tooManyRequests, .tooManyRequests])
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

    @Test func parallelReplaysWithinTheGraceWindowShareOneSuccessor() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("replayer")
            kindred.clock.freeze()

            // act: 20 refreshes of one token at once, as a thief racing the owner would send them
            let answers = try await withThrowingTaskGroup(of: TestingHTTPResponse.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken]) }
                }
                return try await group.reduce(into: [TestingHTTPResponse]()) { $0.append($1) }
            }

            // validate: every answer carries the same next token, so there is one chain, not 20
            let successors = Set(try answers.filter { $0.status == .ok }
                .map { try #require($0.decode(Components.Schemas.AuthSession.self).refreshToken) })
            #expect(successors.count == 1, "\(successors.count) chains")
            #expect(answers.allSatisfy { $0.status == .ok }, "\(answers.map(\.status.code))")
            // …and that chain works once: using its token twice (after the grace window) ends the session
            let next = try #require(successors.first)
            let rotated = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": next])
            #expect(rotated.status == .ok)
            kindred.clock.advance(by: SessionIssuer.reuseGrace + 1)
            let stolen = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": next])
            #expect(stolen.status == .unauthorized)
            let newest = try #require(try rotated.decode(Components.Schemas.AuthSession.self).refreshToken)
            #expect(try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": newest]).status == .unauthorized)
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
