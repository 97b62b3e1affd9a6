import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

@Suite("Every endpoint called without a session, and by another user, answers 401 or 404 as it should")
struct AuthorizationTests {
    /// One request per protected operation, shaped so that a signed-in caller would get past
    /// decoding (a valid body, a well-formed UUID, the required query items): a 401 can then only
    /// be about the token.
    struct Call: Sendable, CustomTestStringConvertible {
        let operationID: String
        let method: HTTPMethod
        let path: String
        var json: [String: String]? = nil
        var bytes: [UInt8]? = nil
        /// A JSON body with nested objects, as it is sent.
        var jsonText: String? = nil

        var testDescription: String { "\(operationID) (\(method.rawValue) \(path))" }
    }

    static let protectedCalls: [Call] = [
        Call(operationID: "getMe", method: .GET, path: "/me"),
        Call(operationID: "updateProfile", method: .PATCH, path: "/me", json: ["bio": "Hello there"]),
        Call(operationID: "deleteAccount", method: .DELETE, path: "/me"),
        Call(operationID: "listSessions", method: .GET, path: "/me/sessions"),
        Call(operationID: "listAccountAlerts", method: .GET, path: "/me/alerts"),
        Call(operationID: "answerAccountAlert", method: .POST, path: "/me/alerts/\(UUID())/answer", jsonText: #"{"wasMe":true}"#),
        Call(operationID: "revokeSession", method: .DELETE, path: "/me/sessions/\(UUID())"),
        Call(operationID: "revokeOtherSessions", method: .POST, path: "/me/sessions/revoke-others"),
        Call(operationID: "changeEmail", method: .PUT, path: "/me/email", json: ["email": "owner@new.example", "password": "correct horse"]),
        Call(operationID: "sendEmailVerification", method: .POST, path: "/me/email-verification"),
        Call(operationID: "getDataExport", method: .GET, path: "/me/data-export"),
        Call(operationID: "requestDataExport", method: .POST, path: "/me/data-export"),
        Call(operationID: "getNotificationSettings", method: .GET, path: "/me/notifications"),
        Call(operationID: "updateNotificationSettings", method: .PATCH, path: "/me/notifications",
             jsonText: #"{"kinds":[{"kind":"kinnect.likes","enabled":false}]}"#),
        Call(operationID: "getPushDevice", method: .GET, path: "/me/push-device"),
        Call(operationID: "registerPushDevice", method: .PUT, path: "/me/push-device",
             jsonText: #"{"webPush":{"endpoint":"https://fcm.googleapis.com/fcm/send/x","keys":{"p256dh":"BAAA","auth":"AAAA"}}}"#),
        Call(operationID: "deletePushDevice", method: .DELETE, path: "/me/push-device"),
        Call(operationID: "searchProfiles", method: .GET, path: "/profiles?prefix=ow"),
        Call(operationID: "getProfile", method: .GET, path: "/profiles/owner"),
        Call(operationID: "uploadMedia", method: .POST, path: "/media", bytes: MediaFixtures.png()),
        Call(operationID: "getMedia", method: .GET, path: "/media/\(UUID())"),
        Call(operationID: "deleteMedia", method: .DELETE, path: "/media/\(UUID())"),
        Call(operationID: "createRealtimeTicket", method: .POST, path: "/realtime/tickets"),
        Call(operationID: "getKinnectProfile", method: .GET, path: "/kinnect/profiles/owner"),
        Call(operationID: "listKinnectFollowers", method: .GET, path: "/kinnect/profiles/owner/followers"),
        Call(operationID: "listKinnectFollowing", method: .GET, path: "/kinnect/profiles/owner/following"),
        Call(operationID: "followKinnectProfile", method: .POST, path: "/kinnect/follows", json: ["username": "owner"]),
        Call(operationID: "unfollowKinnectProfile", method: .DELETE, path: "/kinnect/follows/owner"),
        Call(operationID: "listKinnectFollowRequests", method: .GET, path: "/kinnect/follow-requests"),
        Call(operationID: "confirmKinnectFollowRequest", method: .POST, path: "/kinnect/follow-requests/owner/confirm"),
        Call(operationID: "deleteKinnectFollowRequest", method: .DELETE, path: "/kinnect/follow-requests/owner"),
        Call(operationID: "removeKinnectFollower", method: .DELETE, path: "/kinnect/followers/owner"),
        Call(operationID: "createKinnectPost", method: .POST, path: "/kinnect/posts",
             jsonText: #"{"media":[{"display":"\#(UUID())","thumbnail":"\#(UUID())"}]}"#),
        Call(operationID: "getKinnectPost", method: .GET, path: "/kinnect/posts/\(UUID())"),
        Call(operationID: "updateKinnectPost", method: .PATCH, path: "/kinnect/posts/\(UUID())", json: ["caption": "Hi"]),
        Call(operationID: "deleteKinnectPost", method: .DELETE, path: "/kinnect/posts/\(UUID())"),
        Call(operationID: "getKinnectFeed", method: .GET, path: "/kinnect/feed"),
        Call(operationID: "listKinnectProfilePosts", method: .GET, path: "/kinnect/profiles/owner/posts"),
        Call(operationID: "likeKinnectPost", method: .PUT, path: "/kinnect/posts/\(UUID())/like"),
        Call(operationID: "unlikeKinnectPost", method: .DELETE, path: "/kinnect/posts/\(UUID())/like"),
        Call(operationID: "listKinnectPostLikes", method: .GET, path: "/kinnect/posts/\(UUID())/likes"),
        Call(operationID: "listKinnectComments", method: .GET, path: "/kinnect/posts/\(UUID())/comments"),
        Call(operationID: "createKinnectComment", method: .POST, path: "/kinnect/posts/\(UUID())/comments", json: ["text": "Nice"]),
        Call(operationID: "deleteKinnectComment", method: .DELETE, path: "/kinnect/comments/\(UUID())"),
        Call(operationID: "listKinnectCommentReplies", method: .GET, path: "/kinnect/comments/\(UUID())/replies"),
        Call(operationID: "saveKinnectPost", method: .PUT, path: "/kinnect/posts/\(UUID())/save"),
        Call(operationID: "unsaveKinnectPost", method: .DELETE, path: "/kinnect/posts/\(UUID())/save"),
        Call(operationID: "listSavedKinnectPosts", method: .GET, path: "/kinnect/saved"),
        Call(operationID: "searchKinnectPeople", method: .GET, path: "/kinnect/people?q=own"),
        Call(operationID: "listKinnectActivity", method: .GET, path: "/kinnect/activity"),
        Call(operationID: "getKinnectActivityUnread", method: .GET, path: "/kinnect/activity/unread"),
        Call(operationID: "markKinnectActivityRead", method: .POST, path: "/kinnect/activity/read",
             jsonText: #"{"through":"2026-01-01T00:00:00Z"}"#),
        Call(operationID: "listMemoriesFriends", method: .GET, path: "/memories/friends"),
        Call(operationID: "removeMemoriesFriend", method: .DELETE, path: "/memories/friends/owner"),
        Call(operationID: "listMemoriesFriendRequests", method: .GET, path: "/memories/friend-requests"),
        Call(operationID: "sendMemoriesFriendRequest", method: .POST, path: "/memories/friend-requests", json: ["username": "owner"]),
        Call(operationID: "acceptMemoriesFriendRequest", method: .POST, path: "/memories/friend-requests/owner/accept"),
        Call(operationID: "deleteMemoriesFriendRequest", method: .DELETE, path: "/memories/friend-requests/owner"),
        Call(operationID: "listMemoriesBooks", method: .GET, path: "/memories/books"),
        Call(operationID: "getMemoriesBook", method: .GET, path: "/memories/books/\(UUID())"),
        Call(operationID: "updateMemoriesBook", method: .PATCH, path: "/memories/books/\(UUID())", json: ["title": "Ours"]),
        Call(operationID: "markMemoriesBookRead", method: .POST, path: "/memories/books/\(UUID())/read"),
        Call(operationID: "listMemoriesPages", method: .GET, path: "/memories/books/\(UUID())/pages"),
        Call(operationID: "createMemoriesPage", method: .POST, path: "/memories/books/\(UUID())/pages", jsonText: "{}"),
        Call(operationID: "listMemoriesDrafts", method: .GET, path: "/memories/books/\(UUID())/drafts"),
        Call(operationID: "createMemoriesDraft", method: .POST, path: "/memories/books/\(UUID())/drafts", jsonText: "{}"),
        Call(operationID: "saveMemoriesDraft", method: .PUT, path: "/memories/drafts/\(UUID())?revision=1",
             jsonText: #"{"version":1,"paper":"plain","elements":[]}"#),
        Call(operationID: "deleteMemoriesDraft", method: .DELETE, path: "/memories/drafts/\(UUID())"),
        Call(operationID: "sendMemoriesDraft", method: .POST, path: "/memories/drafts/\(UUID())/send"),
        Call(operationID: "getMemoriesPage", method: .GET, path: "/memories/pages/\(UUID())"),
        Call(operationID: "applyMemoriesOperations", method: .POST, path: "/memories/pages/\(UUID())/operations",
             jsonText: #"{"operations":[{"opId":"6F9619FF-8B86-D011-B42D-00C04FC964FF","kind":"delete","elementId":"a"}]}"#),
        Call(operationID: "updateMemoriesPresence", method: .POST, path: "/memories/pages/\(UUID())/presence", jsonText: #"{"editing":true}"#),
        Call(operationID: "listMemoriesActivity", method: .GET, path: "/memories/activity"),
        Call(operationID: "getMemoriesActivityUnread", method: .GET, path: "/memories/activity/unread"),
        Call(operationID: "markMemoriesActivityRead", method: .POST, path: "/memories/activity/read",
             jsonText: #"{"through":"2026-01-01T00:00:00Z"}"#),
        Call(operationID: "getRinSettings", method: .GET, path: "/rin/settings"),
        Call(operationID: "updateRinSettings", method: .PATCH, path: "/rin/settings", json: ["defaultRegion": "GB"]),
        Call(operationID: "listRinProfiles", method: .GET, path: "/rin/profiles"),
        Call(operationID: "createRinProfile", method: .POST, path: "/rin/profiles", json: ["kind": "personal", "displayName": "Me"]),
        Call(operationID: "getRinProfile", method: .GET, path: "/rin/profiles/\(UUID())"),
        Call(operationID: "updateRinProfile", method: .PATCH, path: "/rin/profiles/\(UUID())", json: ["bio": "Hi"]),
        Call(operationID: "deleteRinProfile", method: .DELETE, path: "/rin/profiles/\(UUID())"),
        Call(operationID: "createRinProfileField", method: .POST, path: "/rin/profiles/\(UUID())/fields",
             json: ["kind": "social", "label": "x", "value": "@owner"]),
        Call(operationID: "updateRinProfileField", method: .PATCH, path: "/rin/profiles/\(UUID())/fields/\(UUID())", json: ["value": "@owner"]),
        Call(operationID: "deleteRinProfileField", method: .DELETE, path: "/rin/profiles/\(UUID())/fields/\(UUID())"),
        Call(operationID: "listRinCircles", method: .GET, path: "/rin/profiles/\(UUID())/circles"),
        Call(operationID: "createRinCircle", method: .POST, path: "/rin/profiles/\(UUID())/circles", json: ["name": "Club"]),
        Call(operationID: "updateRinCircle", method: .PATCH, path: "/rin/circles/\(UUID())", json: ["name": "Club"]),
        Call(operationID: "deleteRinCircle", method: .DELETE, path: "/rin/circles/\(UUID())"),
        Call(operationID: "listRinCircleMembers", method: .GET, path: "/rin/circles/\(UUID())/members"),
        Call(operationID: "addRinCircleMembers", method: .POST, path: "/rin/circles/\(UUID())/members",
             jsonText: #"{"profileIds":["\#(UUID())"]}"#),
        Call(operationID: "removeRinCircleMember", method: .DELETE, path: "/rin/circles/\(UUID())/members/\(UUID())"),
        Call(operationID: "getRinPolicyGrid", method: .GET, path: "/rin/profiles/\(UUID())/policies"),
        Call(operationID: "updateRinPolicies", method: .PUT, path: "/rin/profiles/\(UUID())/policies",
             jsonText: #"{"cells":[{"circleId":"\#(UUID())","fieldKey":"name","access":"allow"}]}"#),
        Call(operationID: "resetRinPolicies", method: .DELETE, path: "/rin/circles/\(UUID())/policies"),
        Call(operationID: "previewRinProfile", method: .GET, path: "/rin/profiles/\(UUID())/preview?viewer=public"),
        Call(operationID: "findRinPerson", method: .GET, path: "/rin/people?username=owner"),
        Call(operationID: "getRinPerson", method: .GET, path: "/rin/people/\(UUID())"),
        Call(operationID: "listRinContacts", method: .GET, path: "/rin/profiles/\(UUID())/contacts"),
        Call(operationID: "createRinContact", method: .POST, path: "/rin/profiles/\(UUID())/contacts", json: ["displayName": "Grace"]),
        Call(operationID: "getRinContactsHome", method: .GET, path: "/rin/profiles/\(UUID())/contacts/home"),
        Call(operationID: "exportRinContacts", method: .GET, path: "/rin/profiles/\(UUID())/contacts/vcard"),
        Call(operationID: "getRinContact", method: .GET, path: "/rin/contacts/\(UUID())"),
        Call(operationID: "updateRinContact", method: .PATCH, path: "/rin/contacts/\(UUID())", json: ["title": "Admiral"]),
        Call(operationID: "deleteRinContact", method: .DELETE, path: "/rin/contacts/\(UUID())"),
        Call(operationID: "linkRinContact", method: .PUT, path: "/rin/contacts/\(UUID())/link", json: ["username": "owner"]),
        Call(operationID: "unlinkRinContact", method: .DELETE, path: "/rin/contacts/\(UUID())/link"),
        Call(operationID: "exportRinContact", method: .GET, path: "/rin/contacts/\(UUID())/vcard"),
        Call(operationID: "createRinImport", method: .POST, path: "/rin/profiles/\(UUID())/imports",
             bytes: Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Grace\r\nEND:VCARD\r\n".utf8)),
        Call(operationID: "listRinImports", method: .GET, path: "/rin/profiles/\(UUID())/imports"),
        Call(operationID: "getRinImport", method: .GET, path: "/rin/imports/\(UUID())"),
        Call(operationID: "resumeRinImport", method: .POST, path: "/rin/imports/\(UUID())/resume"),
        Call(operationID: "listRinSuggestions", method: .GET, path: "/rin/profiles/\(UUID())/suggestions"),
        Call(operationID: "mergeRinSuggestion", method: .POST, path: "/rin/suggestions/\(UUID())/merge"),
        Call(operationID: "dismissRinSuggestion", method: .POST, path: "/rin/suggestions/\(UUID())/dismiss"),
        Call(operationID: "mergeRinContacts", method: .POST, path: "/rin/contacts/\(UUID())/merge", json: ["otherId": UUID().uuidString]),
        Call(operationID: "listRinMerges", method: .GET, path: "/rin/profiles/\(UUID())/merges"),
        Call(operationID: "undoRinMerge", method: .POST, path: "/rin/merges/\(UUID())/undo"),
        Call(operationID: "listRinConflicts", method: .GET, path: "/rin/profiles/\(UUID())/conflicts"),
        Call(operationID: "resolveRinConflict", method: .POST, path: "/rin/conflicts/\(UUID())/resolve", jsonText: #"{"choice":0}"#),
        Call(operationID: "listRinIncomingAsks", method: .GET, path: "/rin/profiles/\(UUID())/asks"),
        Call(operationID: "setRinOverride", method: .PUT, path: "/rin/profiles/\(UUID())/overrides",
             json: ["viewerProfileId": UUID().uuidString, "fieldKey": "*", "access": "allow"]),
        Call(operationID: "deleteRinOverride", method: .DELETE, path: "/rin/profiles/\(UUID())/overrides?viewerProfileId=\(UUID())&fieldKey=name"),
        Call(operationID: "createRinAsk", method: .POST, path: "/rin/people/\(UUID())/asks", json: ["fieldKey": "bio"]),
        Call(operationID: "approveRinAsk", method: .POST, path: "/rin/asks/\(UUID())/approve"),
        Call(operationID: "denyRinAsk", method: .POST, path: "/rin/asks/\(UUID())/deny"),
        Call(operationID: "getRinShareLink", method: .GET, path: "/rin/profiles/\(UUID())/share-link"),
        Call(operationID: "searchRinPeople", method: .GET, path: "/rin/people/search?q=ada"),
        Call(operationID: "revokeRinShareLink", method: .DELETE, path: "/rin/profiles/\(UUID())/share-link"),
        Call(operationID: "blockRinCard", method: .POST, path: "/rin/cards/AAAAAAAAAAAAAAAAAAAAAA/block"),
        Call(operationID: "blockRinPerson", method: .POST, path: "/rin/people/\(UUID())/block"),
        Call(operationID: "listRinBlocks", method: .GET, path: "/rin/blocks"),
        Call(operationID: "unblockRinProfile", method: .DELETE, path: "/rin/blocks/\(UUID())"),
        Call(operationID: "getRinNetwork", method: .GET, path: "/rin/network"),
        Call(operationID: "listRinLinks", method: .GET, path: "/rin/network/links"),
        Call(operationID: "getRinPaths", method: .GET, path: "/rin/network/paths/\(UUID())"),
        Call(operationID: "getRinScore", method: .GET, path: "/rin/score"),
        Call(operationID: "getRinScoreHistory", method: .GET, path: "/rin/score/history"),
        Call(operationID: "getRinSecurity", method: .GET, path: "/rin/security"),
        Call(operationID: "createRinDispute", method: .POST, path: "/rin/people/\(UUID())/disputes", jsonText: #"{"fieldKey":"field:\#(UUID())","statement":"Mine."}"#),
        Call(operationID: "getRinDispute", method: .GET, path: "/rin/disputes/\(UUID())"),
        Call(operationID: "answerRinDispute", method: .POST, path: "/rin/disputes/\(UUID())/answer", jsonText: #"{"action":"remove"}"#),
        Call(operationID: "withdrawRinDispute", method: .POST, path: "/rin/disputes/\(UUID())/withdraw"),
        Call(operationID: "markRinSecurityRead", method: .POST, path: "/rin/security/read"),
        Call(operationID: "listRinSecurityItems", method: .GET, path: "/rin/security/items?section=alerts"),
        Call(operationID: "getRinCard", method: .GET, path: "/rin/cards/AAAAAAAAAAAAAAAAAAAAAA"),
        Call(operationID: "addRinCard", method: .POST, path: "/rin/cards/AAAAAAAAAAAAAAAAAAAAAA/contact"),
        Call(operationID: "listBlockedProfiles", method: .GET, path: "/blocks"),
        Call(operationID: "blockProfile", method: .POST, path: "/blocks", json: ["username": "owner"]),
        Call(operationID: "unblockProfile", method: .DELETE, path: "/blocks/owner"),
        Call(operationID: "createReport", method: .POST, path: "/reports",
             jsonText: #"{"target":{"kind":"profile","id":"owner"},"reason":"spam"}"#),
        Call(operationID: "signOut", method: .POST, path: "/auth/sign-out"),
        Call(operationID: "getInnovationEngineCode", method: .GET, path: "/innovation-engine/code"),
        Call(operationID: "getInnovationEngineCodePNG", method: .GET, path: "/innovation-engine/code.png"),
        Call(operationID: "rotateInnovationEngineCode", method: .POST, path: "/innovation-engine/code/rotate"),
        Call(operationID: "listInnovationEngineConnections", method: .GET, path: "/innovation-engine/connections"),
        Call(operationID: "createInnovationEngineConnection", method: .POST, path: "/innovation-engine/connections", json: ["code": UUID().uuidString]),
        Call(operationID: "updateInnovationEngineConnection", method: .PATCH, path: "/innovation-engine/connections/\(UUID())", json: ["note": "hi"]),
        Call(operationID: "removeInnovationEngineConnection", method: .DELETE, path: "/innovation-engine/connections/\(UUID())"),
        Call(operationID: "getInnovationEngineNetwork", method: .GET, path: "/innovation-engine/network"),
        Call(operationID: "listInterventions", method: .GET, path: "/date-an-intervention/interventions"),
        Call(operationID: "getIntervention", method: .GET, path: "/date-an-intervention/interventions/biochar"),
        Call(operationID: "getInterventionDeck", method: .GET, path: "/date-an-intervention/deck"),
        Call(operationID: "resetInterventionDeck", method: .POST, path: "/date-an-intervention/deck/reset", json: [:]),
        Call(operationID: "swipeIntervention", method: .POST, path: "/date-an-intervention/swipes", json: ["interventionId": "biochar", "direction": "like"]),
        Call(operationID: "undoInterventionSwipe", method: .DELETE, path: "/date-an-intervention/swipes/last"),
        Call(operationID: "listInterventionMatches", method: .GET, path: "/date-an-intervention/matches"),
        Call(operationID: "getInterventionSwipeStats", method: .GET, path: "/date-an-intervention/stats"),
        Call(operationID: "getInterventionChat", method: .GET, path: "/date-an-intervention/chats/biochar"),
        Call(operationID: "sendInterventionChatMessage", method: .POST, path: "/date-an-intervention/chats/biochar/messages", json: ["text": "Hi"]),
        Call(operationID: "retryInterventionChatReply", method: .POST, path: "/date-an-intervention/chats/biochar/retry"),
    ]

    static let publicOperationIDs: Set<String> = ["getHealth", "signUp", "signIn", "refreshSession", "signInWithApple",
                                                  "requestPasswordReset", "resetPassword", "confirmEmailVerification"]

    /// Operations where a token is optional (`security: [{}, bearer]`): what they answer cannot
    /// depend on an account, but a token that is sent must be valid.
    static let optionalCalls: [Call] = [
        Call(operationID: "previewInnovationEngineCode", method: .GET, path: "/innovation-engine/codes/abcdefghijklmnopqrstuv"),
    ]

    // MARK: - Without a valid session

    @Test("A protected operation refuses a missing, garbage, forged or unsigned token",
          arguments: AuthorizationTests.protectedCalls)
    func protectedOperationAnswers401WithoutAValidSession(_ call: Call) async throws {
        try await withKindred { kindred in
            // setup: a real user and session, so the forged tokens name something that exists
            let user = try await kindred.signUp("owner")
            let foreignSecret = (0..<32).map { _ in UInt8.random(in: .min ... .max) }
            let foreignKeys = await AccessTokens(secret: foreignSecret, lifetime: 900)
            let forged = try await foreignKeys.issue(userID: user.id, sessionID: user.sessionID, now: kindred.clock.now).token
            let unsigned = Self.unsignedToken(userID: user.id, sessionID: user.sessionID, now: kindred.clock.now)

            // act
            let anonymous = try await Self.send(call, token: nil, on: kindred)

            // validate
            #expect(anonymous.status == .unauthorized, "\(anonymous.status): \(anonymous.body.string)")
            #expect(anonymous.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
            #expect(anonymous.problem?.type.hasSuffix("/unauthenticated") == true, "\(anonymous.body.string)")
            #expect(anonymous.problem?.status == 401)

            for (label, token) in [("garbage", "not-a-token"), ("signed with another secret", forged), ("alg=none", unsigned)] {
                let response = try await Self.send(call, token: token, on: kindred)
                #expect(response.status == .unauthorized, "\(label) token: \(response.status) \(response.body.string)")
                #expect(response.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true, "\(label) token")
                #expect(response.problem?.status == 401, "\(label) token")
            }

            // validate: the very same request with the genuine token gets past authentication,
            // so the 401s above were about the token and nothing else
            let genuine = try await Self.send(call, token: user.accessToken, on: kindred)
            #expect(genuine.status != .unauthorized && genuine.status.code < 500, "\(genuine.status): \(genuine.body.string)")
        }
    }

    @Test func publicOperationsNeedNoBearerToken() async throws {
        // Apple sign-in unconfigured answers 503 at once instead of fetching Apple's keys.
        try await withKindred(adjust: { $0.apple.bundleIDs = [] }) { kindred in
            // setup
            let existing = try await kindred.signUp("public_pat")

            // act
            let health = try await kindred.send(.GET, "/health")
            let signUp = try await kindred.send(.POST, "/auth/sign-up", json: [
                "email": "newcomer@example.com", "password": "long enough", "username": "newcomer",
            ])
            let signIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": existing.email, "password": existing.password])
            let refresh = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": existing.refreshToken])
            let apple = try await kindred.send(.POST, "/auth/apple", json: ["identityToken": "x.y.z", "rawNonce": "nonce"])
            let reset = try await kindred.send(.POST, "/auth/password-reset", json: ["email": existing.email])
            let newPassword = try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": "not-a-link", "password": "long enough"])
            let verify = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": "not-a-link"])
            let answers: [(id: String, response: TestingHTTPResponse, expected: HTTPStatus)] = [
                (id: "getHealth", response: health, expected: .ok),
                (id: "signUp", response: signUp, expected: .created),
                (id: "signIn", response: signIn, expected: .ok),
                (id: "refreshSession", response: refresh, expected: .ok),
                (id: "signInWithApple", response: apple, expected: .serviceUnavailable),
                (id: "requestPasswordReset", response: reset, expected: .accepted),
                // An unknown link is a 400, never a request for a session.
                (id: "resetPassword", response: newPassword, expected: .badRequest),
                (id: "confirmEmailVerification", response: verify, expected: .badRequest),
            ]

            // validate
            #expect(Set(answers.map { $0.id }) == Self.publicOperationIDs)
            for answer in answers {
                #expect(answer.response.status != .unauthorized, "\(answer.id) wants a token")
                #expect(answer.response.problem?.kind != "unauthenticated", "\(answer.id) wants a token")
                #expect(answer.response.status == answer.expected, "\(answer.id): \(answer.response.status) \(answer.response.body.string)")
            }
        }
    }

    @Test("An operation with an optional token answers without one, and refuses a bad one",
          arguments: AuthorizationTests.optionalCalls)
    func optionalTokenOperationsRefuseOnlyBadTokens(_ call: Call) async throws {
        try await withKindred { kindred in
            // act
            let anonymous = try await Self.send(call, token: nil, on: kindred)
            let garbage = try await Self.send(call, token: "not-a-token", on: kindred)

            // validate
            #expect(anonymous.status != .unauthorized && anonymous.status.code < 500, "\(anonymous.status): \(anonymous.body.string)")
            #expect(garbage.status == .unauthorized)
        }
    }

    /// A new endpoint in the contract without a row in the tables above fails here.
    @Test func everyOperationInTheContractIsCovered() throws {
        // setup: the contract as the server reads and enforces it
        let contract = try Contract(yaml: String(contentsOfFile: TestKindred.repositoryRoot + "/openapi.yaml", encoding: .utf8))
        let all = Set(contract.operations.keys)
        let open = Set(contract.operations.values.filter { !$0.requiresAuthentication }.map(\.id))
        let protectedIDs = Set(Self.protectedCalls.map(\.operationID))
        let optionalIDs = Set(Self.optionalCalls.map(\.operationID))

        // validate
        #expect(all.count >= 17, "the contract scan found too few operations: \(all)")
        #expect(protectedIDs.count == Self.protectedCalls.count, "an operation is listed twice")
        #expect(protectedIDs.isDisjoint(with: Self.publicOperationIDs.union(optionalIDs)))
        #expect(all == protectedIDs.union(Self.publicOperationIDs).union(optionalIDs))
        #expect(open == Self.publicOperationIDs.union(optionalIDs), "the contract's operations without a required token differ from the lists here")
    }

    // MARK: - Another user's things

    @Test func anotherUserCannotReachPrivateThingsButMaySeeAnAvatar() async throws {
        try await withKindred { kindred in
            // setup
            let alice = try await kindred.signUp("alice")
            let bob = try await kindred.signUp("bob")
            let uploaded = try await kindred.send(.POST, "/media", token: alice.accessToken, bytes: MediaFixtures.png())
            #expect(uploaded.status == .created)
            let media = try uploaded.decode(Components.Schemas.Media.self)

            // act + validate: Bob cannot end Alice's session, and learns no more than for an unknown id
            let revoke = try await kindred.send(.DELETE, "/me/sessions/\(alice.sessionID)", token: bob.accessToken)
            let revokeUnknown = try await kindred.send(.DELETE, "/me/sessions/\(UUID())", token: bob.accessToken)
            #expect(revoke.status == .notFound)
            #expect(revoke.problem?.kind == "not-found")
            #expect(revoke.problem?.detail == revokeUnknown.problem?.detail)
            #expect(try await kindred.send(.GET, "/me", token: alice.accessToken).status == .ok)

            // act + validate: media that is nobody's avatar is invisible to Bob
            let bobGets = try await kindred.send(.GET, "/media/\(media.id)", token: bob.accessToken)
            #expect(bobGets.status == .notFound)
            #expect(bobGets.problem?.kind == "not-found")
            #expect(try await kindred.send(.DELETE, "/media/\(media.id)", token: bob.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/media/\(media.id)", token: alice.accessToken).status == .ok)

            // act + validate: Bob cannot take it as his own avatar
            let steal = try await kindred.send(.PATCH, "/me", token: bob.accessToken, json: ["avatarId": media.id.uuidString])
            #expect(steal.status == .unprocessableEntity)
            #expect(steal.problem?.kind == "validation")
            #expect(steal.problem?.errors?.map(\.field) == ["avatarId"])
            let bobMe = try await kindred.send(.GET, "/me", token: bob.accessToken).decode(Components.Schemas.Me.self)
            #expect(bobMe.profile.avatar == nil)

            // act: Alice makes it her avatar
            let setAvatar = try await kindred.send(.PATCH, "/me", token: alice.accessToken, json: ["avatarId": media.id.uuidString])
            #expect(setAvatar.status == .ok)

            // validate: now any signed-in user may see it (MediaService.canView), but still not delete it
            let seen = try await kindred.send(.GET, "/media/\(media.id)", token: bob.accessToken)
            #expect(seen.status == .ok)
            #expect(try seen.decode(Components.Schemas.Media.self).id == media.id)
            #expect(try await kindred.send(.DELETE, "/media/\(media.id)", token: bob.accessToken).status == .notFound)
            #expect(try await kindred.send(.GET, "/media/\(media.id)", token: alice.accessToken).status == .ok)
            // and without a session, not even an avatar's record is handed out
            #expect(try await kindred.send(.GET, "/media/\(media.id)").status == .unauthorized)
        }
    }

    // MARK: - Helpers

    private static func send(_ call: Call, token: String?, on kindred: TestKindred) async throws -> TestingHTTPResponse {
        if let text = call.jsonText {
            return try await kindred.send(call.method, call.path, token: token, bytes: Array(text.utf8), headers: ["Content-Type": "application/json"])
        }
        return try await kindred.send(call.method, call.path, token: token, json: call.json.map { $0 as any Encodable }, bytes: call.bytes)
    }

    /// A JWT with the right claims and `alg: none`, the classic forgery.
    private static func unsignedToken(userID: UUID, sessionID: UUID, now: Date) -> String {
        func base64URL(_ text: String) -> String {
            Data(text.utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let issuedAt = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"none","typ":"JWT"}"#
        let claims = #"{"sub":"\#(userID.uuidString)","sid":"\#(sessionID.uuidString)","exp":\#(issuedAt + 600),"iat":\#(issuedAt),"iss":"kindred"}"#
        return base64URL(header) + "." + base64URL(claims) + "."
    }
}
