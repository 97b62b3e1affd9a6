import Foundation
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// A signed-in test user: the tokens the server issued and who they belong to.
struct TestUser {
    let id: UUID
    let username: String
    let email: String
    let password: String
    var accessToken: String
    var refreshToken: String
    let sessionID: UUID
}

extension TestKindred {
    /// Sends a request through the whole middleware stack, in memory.
    @discardableResult
    func send(_ method: HTTPMethod, _ path: String, token: String? = nil, json: (any Encodable)? = nil,
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

    func signUp(_ username: String = "user" + String(Int.random(in: 1000...999_999)), password: String = "correct horse") async throws -> TestUser {
        let email = "\(username)@example.com"
        let response = try await send(.POST, "/auth/sign-up", json: ["email": email, "password": password, "username": username])
        #expect(response.status == .created, "sign-up failed: \(response.body.string)")
        let session = try response.decode(Components.Schemas.AuthSession.self)
        return TestUser(id: session.me.id, username: username, email: email, password: password,
                        accessToken: session.accessToken, refreshToken: try #require(session.refreshToken), sessionID: session.sessionId)
    }
}

extension TestingHTTPResponse {
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(T.self, from: Data(buffer: body))
    }

    var problem: TestProblem? { try? decode(TestProblem.self) }
}

/// The problem+json body, read loosely so tests can assert on any part of it.
struct TestProblem: Decodable {
    struct Field: Decodable { let field: String; let message: String }
    let type: String
    let title: String
    let status: Int
    let detail: String
    let requestId: String?
    let errors: [Field]?

    var kind: String { String(type.dropFirst(AppError.typeBaseURI.count)) }
}
