import Fluent
import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

/// Signed-in requests take an active session from `SessionCache` instead of reading it each time;
/// none of that may let an ended session through.
@Suite("A session kept in memory still ends at once, on every instance")
struct SessionCacheTests {
    /// Every way a session ends, each right after the session was used (so it is in the cache).
    @Test func everyWayASessionEndsIsHeardAtOnce() async throws {
        try await withKindred { kindred in
            // setup: one person, signed in on several devices, every session used once
            let ada = try await kindred.signUp("sessionada")
            let phone = try await kindred.signIn(ada, device: "phone")
            let tablet = try await kindred.signIn(ada, device: "tablet")
            let laptop = try await kindred.signIn(ada, device: "laptop")
            let desk = try await kindred.signIn(ada, device: "desk")
            for user in [ada, phone, tablet, laptop, desk] {
                #expect(try await kindred.send(.GET, "/me", token: user.accessToken).status == .ok)
            }
            #expect(kindred.app.kindred.sessions.entry(for: phone.sessionID, userID: ada.id, now: kindred.clock.now) != nil)

            // act and validate: one device ends another's session
            #expect(try await kindred.send(.DELETE, "/me/sessions/\(phone.sessionID)", token: ada.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/me", token: phone.accessToken).status == .unauthorized)
            #expect(kindred.app.kindred.sessions.entry(for: phone.sessionID, userID: ada.id, now: kindred.clock.now) == nil)

            // signing out
            #expect(try await kindred.send(.POST, "/auth/sign-out", token: tablet.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/me", token: tablet.accessToken).status == .unauthorized)

            // a refresh token used twice, past the grace for a client racing itself, ends its session
            let refreshed = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": laptop.refreshToken])
            #expect(refreshed.status == .ok)
            let fresh = try refreshed.decode(Components.Schemas.AuthSession.self).accessToken
            #expect(try await kindred.send(.GET, "/me", token: fresh).status == .ok)
            kindred.clock.advance(by: SessionIssuer.reuseGrace + 1)
            #expect(try await kindred.send(.GET, "/me", token: fresh).status == .ok)
            #expect(try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": laptop.refreshToken]).status == .unauthorized)
            #expect(try await kindred.send(.GET, "/me", token: fresh).status == .unauthorized)
            #expect(try await kindred.send(.GET, "/me", token: laptop.accessToken).status == .unauthorized)

            // every other session at once
            #expect(try await kindred.send(.GET, "/me", token: desk.accessToken).status == .ok)
            #expect(try await kindred.send(.POST, "/me/sessions/revoke-others", token: ada.accessToken).status == .ok)
            #expect(try await kindred.send(.GET, "/me", token: desk.accessToken).status == .unauthorized)
            #expect(try await kindred.send(.GET, "/me", token: ada.accessToken).status == .ok)

            // a moderator's suspension
            try await ModerationService(context: kindred.app.context).suspend(ada.id)
            #expect(try await kindred.send(.GET, "/me", token: ada.accessToken).status == .unauthorized)
        }
    }

    @Test func aPasswordResetAndADeletedAccountEndTheirSessionsAtOnce() async throws {
        try await withKindred { kindred in
            // setup
            let bo = try await kindred.signUp("sessionbo")
            let other = try await kindred.signIn(bo, device: "other")
            #expect(try await kindred.send(.GET, "/me", token: other.accessToken).status == .ok)

            // act: a reset ends every session
            #expect(try await kindred.send(.POST, "/auth/password-reset", json: ["email": bo.email]).status == .accepted)
            let reset = try #require(try await kindred.mail.to(bo.email, subject: "Reset your password").first?.token(of: "reset-password"))
            #expect(try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": reset, "password": "a new horse"]).status
                    == .noContent)

            // validate
            #expect(try await kindred.send(.GET, "/me", token: other.accessToken).status == .unauthorized)
            #expect(try await kindred.send(.GET, "/me", token: bo.accessToken).status == .unauthorized)

            // a deleted account's sessions
            let cy = try await kindred.signUp("sessioncy")
            #expect(try await kindred.send(.GET, "/me", token: cy.accessToken).status == .ok)
            #expect(try await kindred.send(.DELETE, "/me", token: cy.accessToken).status == .noContent)
            #expect(try await kindred.send(.GET, "/me", token: cy.accessToken).status == .unauthorized)
        }
    }

    /// What no event announces (a row changed by hand) is seen once the entry is older than the
    /// cache's lifetime; within it, the database is not read.
    @Test func anEntryIsTrustedForItsLifetimeOnly() async throws {
        try await withKindred { kindred in
            // setup
            let dee = try await kindred.signUp("sessiondee")
            #expect(try await kindred.send(.GET, "/me", token: dee.accessToken).status == .ok)

            // act: the session ends behind the cache's back
            try await UserSession.query(on: kindred.app.db).filter(\.$id == dee.sessionID).set(\.$revokedAt, to: kindred.clock.now).update()

            // validate: trusted within the lifetime, read again after it
            #expect(try await kindred.send(.GET, "/me", token: dee.accessToken).status == .ok)
            kindred.clock.advance(by: kindred.configuration.sessionCacheLifetime)
            #expect(try await kindred.send(.GET, "/me", token: dee.accessToken).status == .unauthorized)
        }
    }

    @Test func aLifetimeOfZeroReadsTheSessionEveryTime() async throws {
        try await withKindred(adjust: { $0.sessionCacheLifetime = 0 }) { kindred in
            let eve = try await kindred.signUp("sessioneve")
            #expect(try await kindred.send(.GET, "/me", token: eve.accessToken).status == .ok)
            #expect(kindred.app.kindred.sessions.entry(for: eve.sessionID, userID: eve.id, now: kindred.clock.now) == nil)
            try await UserSession.query(on: kindred.app.db).filter(\.$id == eve.sessionID).set(\.$revokedAt, to: kindred.clock.now).update()
            #expect(try await kindred.send(.GET, "/me", token: eve.accessToken).status == .unauthorized)
        }
    }

    /// A session's last use is still written once a minute while it is served from memory.
    @Test func lastUseIsStillRecordedOnceAMinute() async throws {
        try await withKindred { kindred in
            let fay = try await kindred.signUp("sessionfay")
            let lastUsed = { try await UserSession.find(fay.sessionID, on: kindred.app.db)?.lastUsedAt }
            let before = try #require(try await lastUsed())
            // A minute on, the entry (read at sign-up's first request) is stale anyway; refresh it
            // within its lifetime, then pass the minute within the next lifetime.
            kindred.clock.advance(by: 58)
            #expect(try await kindred.send(.GET, "/me", token: fay.accessToken).status == .ok)
            kindred.clock.advance(by: 3)
            #expect(try await kindred.send(.GET, "/me", token: fay.accessToken).status == .ok)
            let after = try #require(try await lastUsed())
            #expect(after.timeIntervalSince(before) > 60)
        }
    }

    /// Two instances on one PostgreSQL database: a session used on the second and ended through
    /// the first is refused by the second as soon as the second hears of it.
    @Test(.enabled(if: PostgresTestDatabases.anyURL != nil, "needs PostgreSQL; scripts/test provides it"))
    func anEndedSessionIsRefusedByTheOtherInstance() async throws {
        try await withKindred(running: true, postgres: true) { kindred in
            try await kindred.withSibling { sibling, siblingURL in
                // setup: the session is used on the sibling, and a socket there will hear its end
                let gus = try await kindred.signUp("sessiongus")
                let phone = try await kindred.signIn(gus, device: "phone")
                let onSibling = { (token: String) in
                    var headers = HTTPHeaders()
                    headers.bearerAuthorization = .init(token: token)
                    return try await sibling.testing().sendRequest(.GET, "/api/v1/me", headers: headers).status
                }
                #expect(try await onSibling(phone.accessToken) == .ok)
                #expect(sibling.kindred.sessions.entry(for: phone.sessionID, userID: gus.id, now: kindred.clock.now) != nil)
                let socket = try await RealtimeClient.connect(kindred, baseURL: siblingURL, token: gus.accessToken)

                // act: ended through the first instance
                #expect(try await kindred.send(.DELETE, "/me/sessions/\(phone.sessionID)", token: gus.accessToken).status == .noContent)

                // validate: once the sibling has the event, it refuses the session
                let event = try await socket.next()
                guard case .session_revoked(let revoked) = event else { Issue.record("expected session.revoked, got \(event)"); return }
                #expect(revoked.sessionId == phone.sessionID)
                #expect(try await onSibling(phone.accessToken) == .unauthorized)
                #expect(try await onSibling(gus.accessToken) == .ok)
                try await socket.close()
            }
        }
    }
}

@Suite("SessionCache")
struct SessionCacheUnitTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ userID: UUID, readAt: Date, expiresAt: Date? = nil) -> SessionCache.Entry {
        .init(userID: userID, expiresAt: expiresAt ?? readAt.addingTimeInterval(3600), lastUsedAt: readAt, readAt: readAt)
    }

    @Test func anEntryIsForItsOwnUserWithinItsLifetimeAndBeforeItsSessionExpires() {
        let cache = SessionCache(lifetime: 5)
        let (session, user) = (UUID(), UUID())
        cache.store(entry(user, readAt: now, expiresAt: now.addingTimeInterval(10)), for: session, readSince: cache.generation)
        #expect(cache.entry(for: session, userID: user, now: now.addingTimeInterval(4.9)) != nil)
        #expect(cache.entry(for: session, userID: UUID(), now: now) == nil)
        #expect(cache.entry(for: session, userID: user, now: now.addingTimeInterval(5)) == nil)
        // A clock set back is not trusted either.
        #expect(cache.entry(for: session, userID: user, now: now.addingTimeInterval(-1)) == nil)
        cache.store(entry(user, readAt: now, expiresAt: now.addingTimeInterval(2)), for: session, readSince: cache.generation)
        #expect(cache.entry(for: session, userID: user, now: now.addingTimeInterval(2)) == nil)
    }

    /// A request that read the row before a revocation, and stores it after, stores nothing.
    @Test func aRowReadBeforeARevocationIsNotKept() {
        let cache = SessionCache(lifetime: 5)
        let (session, user) = (UUID(), UUID())
        let generation = cache.generation
        cache.remove(session)
        cache.store(entry(user, readAt: now), for: session, readSince: generation)
        #expect(cache.entry(for: session, userID: user, now: now) == nil)
        let later = cache.generation
        cache.removeAll()
        cache.store(entry(user, readAt: now), for: session, readSince: later)
        #expect(cache.entry(for: session, userID: user, now: now) == nil)
        cache.store(entry(user, readAt: now), for: session, readSince: cache.generation)
        #expect(cache.entry(for: session, userID: user, now: now) != nil)
    }

    @Test func itHoldsNoMoreThanItsCapacity() {
        let cache = SessionCache(lifetime: 5, capacity: 100)
        let user = UUID()
        let old = (0..<100).map { _ in UUID() }
        for session in old { cache.store(entry(user, readAt: now), for: session, readSince: cache.generation) }
        // Full of stale entries: they go when a new one comes.
        let fresh = UUID()
        cache.store(entry(user, readAt: now.addingTimeInterval(6)), for: fresh, readSince: cache.generation)
        #expect(cache.count == 1)
        // Full of fresh ones: everything goes rather than growing.
        for _ in 0..<99 { cache.store(entry(user, readAt: now.addingTimeInterval(6)), for: UUID(), readSince: cache.generation) }
        #expect(cache.count == 100)
        cache.store(entry(user, readAt: now.addingTimeInterval(6)), for: UUID(), readSince: cache.generation)
        #expect(cache.count == 1)
    }
}
