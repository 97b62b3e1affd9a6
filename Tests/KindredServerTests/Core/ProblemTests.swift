import Fluent
import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

@Suite("Every bad input is an RFC 9457 problem, never a 500, and leaves nothing half-written")
struct ProblemTests {
    private static let json: HTTPHeaders = ["Content-Type": "application/json"]
    private static let newcomer = #"{"email":"newcomer@example.com","password":"long enough","username":"newcomer""#

    @Test func eachClassOfBadInputIsAClientProblem() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("prober")
            let before = try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self)

            // act + validate: bodies the generated decoder refuses
            let malformed = try await kindred.send(.POST, "/auth/sign-up", bytes: Array(#"{"email": "newcomer@example.com", "pass"#.utf8),
                                                   headers: Self.json)
            Self.expectProblem(malformed, .badRequest, kind: "malformed-request")

            let wrongTypes = try await kindred.send(.POST, "/auth/sign-up", bytes: Array(#"{"email":42,"password":true,"username":["newcomer"]}"#.utf8),
                                                    headers: Self.json)
            Self.expectProblem(wrongTypes, .badRequest, kind: "malformed-request")

            let unknownEnum = try await kindred.send(.POST, "/auth/sign-up", bytes: Array((Self.newcomer + #","refreshTokenDelivery":"carrier"}"#).utf8),
                                                     headers: Self.json)
            Self.expectProblem(unknownEnum, .badRequest, kind: "malformed-request")

            let missingField = try await kindred.send(.POST, "/auth/sign-up", bytes: Array(#"{"email":"newcomer@example.com","password":"long enough"}"#.utf8),
                                                      headers: Self.json)
            Self.expectProblem(missingField, .badRequest, kind: "malformed-request")
            #expect(missingField.problem?.detail.contains("username") == true, "the detail should name the field: \(missingField.body.string)")

            let wrongContentType = try await kindred.send(.POST, "/auth/sign-up", bytes: Array((Self.newcomer + "}").utf8),
                                                          headers: ["Content-Type": "text/plain"])
            // 400 today; 415 would be as right (the runtime itself calls it Unsupported Media Type)
            let unsupported = wrongContentType.status == .unsupportedMediaType
            #expect(wrongContentType.status == .badRequest || unsupported, "\(wrongContentType.status)")
            Self.expectProblem(wrongContentType, unsupported ? .unsupportedMediaType : .badRequest,
                               kind: unsupported ? "unsupported-media" : "malformed-request")

            // act + validate: a bad UUID in the path, with a valid session
            let badUUID = try await kindred.send(.DELETE, "/me/sessions/not-a-uuid", token: user.accessToken)
            Self.expectProblem(badUUID, .badRequest, kind: "malformed-request")

            // act + validate: a JSON body over 64 KiB
            let oversized = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["bio": String(repeating: "a", count: 70 << 10)])
            Self.expectProblem(oversized, .payloadTooLarge, kind: "payload-too-large")

            // act + validate: no such route, and no session
            let unknownRoute = try await kindred.send(.GET, "/no-such-thing")
            Self.expectProblem(unknownRoute, .notFound, kind: "not-found")
            let anonymous = try await kindred.send(.GET, "/me")
            Self.expectProblem(anonymous, .unauthorized, kind: "unauthenticated")

            // validate: none of it was half-done. No user was made from the refused sign-ups,
            // so the same email and username are free, and the oversized PATCH changed nothing.
            let after = try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self)
            #expect(after == before)
            #expect(try await User.query(on: kindred.app.db).count() == 1)
            let valid = try await kindred.send(.POST, "/auth/sign-up", bytes: Array((Self.newcomer + "}").utf8), headers: Self.json)
            #expect(valid.status == .created, "\(valid.body.string)")
        }
    }

    /// The generated serializer checks `Accept` only after the handler has run; a client that asks
    /// for HTML must get a 406 problem, and nothing may have been changed on its behalf.
    @Test func anUnacceptableAcceptHeaderIsAProblemAndActsOnNothing() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("picky")
            #expect(try await kindred.send(.GET, "/me", token: user.accessToken, headers: ["Accept": "application/json"]).status == .ok)
            #expect(try await kindred.send(.GET, "/me", token: user.accessToken, headers: ["Accept": "*/*"]).status == .ok)

            // act
            let read = try await kindred.send(.GET, "/me", token: user.accessToken, headers: ["Accept": "text/html"])
            let write = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: ["bio": "Changed behind my back"],
                                               headers: ["Accept": "text/html"])

            // validate
            Self.expectProblem(read, .notAcceptable, kind: nil)
            Self.expectProblem(write, .notAcceptable, kind: nil)
            let me = try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self)
            #expect(me.profile.bio == "", "a refused request changed the profile")
        }
    }

    @Test func aSignUpThatFailsValidationCreatesNoUser() async throws {
        try await withKindred { kindred in
            // act
            let refused = try await kindred.send(.POST, "/auth/sign-up", json: [
                "email": "half@example.com", "password": "short", "username": "halfway",
            ])

            // validate
            Self.expectProblem(refused, .unprocessableEntity, kind: "validation")
            #expect(refused.problem?.errors?.map(\.field) == ["password"])
            #expect(try await User.query(on: kindred.app.db).count() == 0)
            let signIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "half@example.com", "password": "short"])
            Self.expectProblem(signIn, .unauthorized, kind: "invalid-credentials")
            let retried = try await kindred.send(.POST, "/auth/sign-up", json: [
                "email": "half@example.com", "password": "long enough now", "username": "halfway",
            ])
            #expect(retried.status == .created, "\(retried.body.string)")
            #expect(try await User.query(on: kindred.app.db).count() == 1)
        }
    }

    @Test func aProfileUpdateWithOneBadFieldChangesNothing() async throws {
        try await withKindred { kindred in
            // setup
            let user = try await kindred.signUp("steady")
            let before = try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self)
            let attempts: [(body: [String: String], badField: String)] = [
                (body: ["displayName": "Renamed", "bio": String(repeating: "b", count: AccountRules.bioLimit + 1)], badField: "bio"),
                (body: ["username": "renamed_user", "displayName": "   "], badField: "displayName"),
                (body: ["bio": "A fine new bio", "avatarId": UUID().uuidString], badField: "avatarId"),
                (body: ["displayName": "Renamed", "username": "x"], badField: "username"),
            ]

            for attempt in attempts {
                // act
                let response = try await kindred.send(.PATCH, "/me", token: user.accessToken, json: attempt.body)

                // validate
                Self.expectProblem(response, .unprocessableEntity, kind: "validation")
                #expect(response.problem?.errors?.map(\.field) == [attempt.badField])
                let after = try await kindred.send(.GET, "/me", token: user.accessToken).decode(Components.Schemas.Me.self)
                #expect(after == before, "a refused update to \(attempt.badField) changed the profile")
            }
            #expect(try await kindred.send(.GET, "/profiles/renamed_user", token: user.accessToken).status == .notFound)
        }
    }

    @Test func requestIDsAreEchoedWhenSaneAndGeneratedOtherwise() async throws {
        try await withKindred { kindred in
            // act + validate: a sane client id comes back, on the header and in the problem
            let sane = "client-42_a.b:c"
            let echoed = try await kindred.send(.GET, "/me", headers: ["X-Request-ID": sane])
            #expect(echoed.headers.first(name: "X-Request-ID") == sane)
            #expect(echoed.problem?.requestId == sane)
            let healthy = try await kindred.send(.GET, "/health", headers: ["X-Request-ID": sane])
            #expect(healthy.status == .ok)
            #expect(healthy.headers.first(name: "X-Request-ID") == sane)

            // act + validate: none sent, one is made, a different one each time
            let first = try await kindred.send(.GET, "/me")
            let second = try await kindred.send(.GET, "/me")
            let firstID = try #require(first.headers.first(name: "X-Request-ID"))
            let secondID = try #require(second.headers.first(name: "X-Request-ID"))
            #expect(!firstID.isEmpty)
            #expect(firstID != secondID)
            #expect(first.problem?.requestId == firstID)
            #expect(second.problem?.requestId == secondID)

            // act + validate: an unsafe one (spaces, control characters, too long) is replaced
            for unsafe in ["two words", "line\u{1}break", String(repeating: "x", count: 129)] {
                let response = try await kindred.send(.GET, "/me", headers: ["X-Request-ID": unsafe])
                let id = try #require(response.headers.first(name: "X-Request-ID"))
                #expect(id != unsafe)
                #expect(!id.isEmpty)
                #expect(response.problem?.requestId == id)
            }
        }
    }

    /// The RFC 9457 shape every error must have, with `status` equal to the HTTP status.
    private static func expectProblem(_ response: TestingHTTPResponse, _ status: HTTPStatus, kind: String?,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == status, "\(response.status): \(response.body.string)", sourceLocation: sourceLocation)
        #expect((400..<500).contains(response.status.code), "never a 5xx for a client's mistake", sourceLocation: sourceLocation)
        #expect(response.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true,
                "Content-Type was \(response.headers.first(name: .contentType) ?? "none")", sourceLocation: sourceLocation)
        guard let problem = response.problem else {
            Issue.record("not a problem body: \(response.body.string)", sourceLocation: sourceLocation)
            return
        }
        #expect(problem.type.hasPrefix(AppError.typeBaseURI), sourceLocation: sourceLocation)
        if let kind { #expect(problem.type == AppError.typeBaseURI + kind, sourceLocation: sourceLocation) }
        #expect(!problem.title.isEmpty, sourceLocation: sourceLocation)
        #expect(problem.status == Int(response.status.code), sourceLocation: sourceLocation)
        #expect(!problem.detail.isEmpty, sourceLocation: sourceLocation)
        #expect(problem.requestId?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(problem.requestId == response.headers.first(name: "X-Request-ID"), sourceLocation: sourceLocation)
    }
}
