import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// What the Rin tests do over and over, as the web client and the SDK do it.
extension TestKindred {
    typealias RinSchemas = Components.Schemas

    /// The user's primary profile id (the first Rin request makes it).
    func rinPrimary(_ user: TestUser) async throws -> UUID {
        let response = try await send(.GET, "/rin/settings", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(RinSchemas.RinSettings.self).primaryProfileId
    }

    func rinCircles(_ user: TestUser, _ profileID: UUID) async throws -> [RinSchemas.RinCircle] {
        let response = try await send(.GET, "/rin/profiles/\(profileID)/circles", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(RinSchemas.RinCircleList.self).items
    }

    func rinCircle(_ user: TestUser, _ profileID: UUID, _ kind: RinSchemas.RinCircleKind) async throws -> RinSchemas.RinCircle {
        try #require(try await rinCircles(user, profileID).first { $0.kind == kind })
    }

    func rinField(_ user: TestUser, _ profileID: UUID, _ kind: String, _ label: String?, _ value: String,
                  primary: Bool? = nil) async throws -> RinSchemas.RinProfileField {
        var body: [String: String] = ["kind": kind, "value": value]
        body["label"] = label
        if let primary { body["isPrimary"] = primary ? "true" : "false" }
        let response = try await send(.POST, "/rin/profiles/\(profileID)/fields", token: user.accessToken,
                                      bytes: Array(Self.json(body).utf8), headers: ["Content-Type": "application/json"])
        #expect(response.status == .created, "\(response.body.string)")
        return try response.decode(RinSchemas.RinProfileField.self)
    }

    func rinAddMembers(_ user: TestUser, circle circleID: UUID, _ profileIDs: [UUID]) async throws {
        let response = try await send(.POST, "/rin/circles/\(circleID)/members", token: user.accessToken,
                                      json: ["profileIds": profileIDs])
        #expect(response.status == .ok, "\(response.body.string)")
    }

    func rinSetCells(_ user: TestUser, _ profileID: UUID, _ cells: [(circle: UUID, key: String, access: String)]) async throws -> TestingHTTPResponse {
        let body = RinCellsBody(cells: cells.map { .init(circleId: $0.circle, fieldKey: $0.key, access: $0.access) })
        return try await send(.PUT, "/rin/profiles/\(profileID)/policies", token: user.accessToken, json: body)
    }

    func rinPerson(_ profileID: UUID, as user: TestUser, acting: UUID? = nil) async throws -> TestingHTTPResponse {
        try await send(.GET, "/rin/people/\(profileID)" + (acting.map { "?actingProfileId=\($0)" } ?? ""), token: user.accessToken)
    }

    /// JSON with `isPrimary` as a boolean: the helper above builds bodies from strings.
    private static func json(_ body: [String: String]) -> String {
        let pairs = body.sorted { $0.key < $1.key }.map { key, value -> String in
            let encoded = key == "isPrimary" ? value : String(decoding: (try? JSONEncoder().encode(value)) ?? Data(), as: UTF8.self)
            return "\"\(key)\":\(encoded)"
        }
        return "{" + pairs.joined(separator: ",") + "}"
    }
}

struct RinCellsBody: Encodable {
    struct Cell: Encodable {
        var circleId: UUID
        var fieldKey: String
        var access: String
    }
    var cells: [Cell]
}
