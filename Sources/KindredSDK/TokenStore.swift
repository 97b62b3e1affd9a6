import Foundation

/// What a signed-in device keeps between launches.
public struct StoredSession: Codable, Sendable, Equatable {
    public var sessionID: UUID
    public var userID: UUID
    public var refreshToken: String
    public var accessToken: String?
    public var accessTokenExpiresAt: Date?

    public init(sessionID: UUID, userID: UUID, refreshToken: String, accessToken: String? = nil, accessTokenExpiresAt: Date? = nil) {
        self.sessionID = sessionID
        self.userID = userID
        self.refreshToken = refreshToken
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
    }
}

/// Where the session's tokens live: the Keychain on iOS, memory or a file elsewhere.
public protocol TokenStore: Sendable {
    func load() async throws -> StoredSession?
    /// Saving nil forgets the session.
    func save(_ session: StoredSession?) async throws
}

/// Keeps tokens for the life of the process: tests, previews, command-line tools.
public actor MemoryTokenStore: TokenStore {
    private var session: StoredSession?

    public init(_ session: StoredSession? = nil) {
        self.session = session
    }

    public func load() async throws -> StoredSession? { session }
    public func save(_ session: StoredSession?) async throws { self.session = session }
}

/// Keeps tokens in a JSON file readable only by its owner, for tools and Linux clients.
public actor FileTokenStore: TokenStore {
    private let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func load() async throws -> StoredSession? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try JSONDecoder().decode(StoredSession.self, from: Data(contentsOf: url))
    }

    public func save(_ session: StoredSession?) async throws {
        guard let session else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(session).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
