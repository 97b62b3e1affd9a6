import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
import KindredServer

/// A signed-in test user: the tokens the server issued and who they belong to.
public struct TestUser: Sendable {
    public let id: UUID
    public let username: String
    public let email: String
    public let password: String
    public var accessToken: String
    public var refreshToken: String
    public let sessionID: UUID
}

extension TestKindred {
    /// Sends a request through the whole middleware stack, in memory.
    @discardableResult
    public func send(_ method: HTTPMethod, _ path: String, token: String? = nil, json: (any Encodable)? = nil,
              bytes: [UInt8]? = nil, headers: HTTPHeaders = [:]) async throws -> TestingHTTPResponse {
        var headers = headers
        var body: ByteBuffer?
        if let token { headers.bearerAuthorization = .init(token: token) }
        if let json {
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            body = ByteBuffer(data: try encoder.encode(json))
            if !headers.contains(name: .contentType) { headers.contentType = .json }
        } else if let bytes {
            body = ByteBuffer(bytes: bytes)
            if !headers.contains(name: .contentType) { headers.contentType = HTTPMediaType(type: "application", subType: "octet-stream") }
        }
        if let body { headers.replaceOrAdd(name: .contentLength, value: String(body.readableBytes)) }
        return try await app.testing().sendRequest(method, "/api/v1" + path, headers: headers, body: body)
    }

    public func signUp(_ username: String = "user" + String(Int.random(in: 1000...999_999)), password: String = "correct horse") async throws -> TestUser {
        let email = "\(username)@example.com"
        let response = try await send(.POST, "/auth/sign-up", json: ["email": email, "password": password, "username": username])
        #expect(response.status == .created, "sign-up failed: \(response.body.string)")
        let session = try response.decode(Components.Schemas.AuthSession.self)
        return TestUser(id: session.me.id, username: username, email: email, password: password,
                        accessToken: session.accessToken, refreshToken: try #require(session.refreshToken), sessionID: session.sessionId)
    }

    /// `user` signed in again: another session (another device) with tokens of its own.
    public func signIn(_ user: TestUser, device: String? = nil) async throws -> TestUser {
        var body = ["email": user.email, "password": user.password]
        if let device { body["device"] = device }
        let response = try await send(.POST, "/auth/sign-in", json: body)
        #expect(response.status == .ok, "sign-in failed: \(response.body.string)")
        let session = try response.decode(Components.Schemas.AuthSession.self)
        return TestUser(id: user.id, username: user.username, email: user.email, password: user.password,
                        accessToken: session.accessToken, refreshToken: try #require(session.refreshToken), sessionID: session.sessionId)
    }
}

extension TestKindred {
    /// Follows `nextCursor` from the first page to the last, `limit` at a time.
    public func everyPage<Page: Decodable>(
        _ path: String, token: String, limit: Int, as type: Page.Type,
        cursor: (Page) -> String?, count: (Page) -> Int
    ) async throws -> [Page] {
        var pages: [Page] = []
        var next: String?
        repeat {
            let separator = path.contains("?") ? "&" : "?"
            let query = "\(separator)limit=\(limit)" + (next.map { "&cursor=\($0)" } ?? "")
            let response = try await send(.GET, path + query, token: token)
            #expect(response.status == .ok, "\(response.body.string)")
            let page = try response.decode(Page.self)
            #expect(count(page) <= limit)
            pages.append(page)
            next = cursor(page)
        } while next != nil && pages.count < 50
        return pages
    }
}

extension TestingHTTPResponse {
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(buffer: body))
    }

    public var problem: TestProblem? { try? decode(TestProblem.self) }
}

/// The problem+json body, read loosely so tests can assert on any part of it.
public struct TestProblem: Decodable, Sendable {
    public struct Field: Decodable, Sendable { public let field: String; public let message: String }
    public let type: String
    public let title: String
    public let status: Int
    public let detail: String
    public let requestId: String?
    public let errors: [Field]?

    public var kind: String { String(type.split(separator: "/").last ?? "") }
}
