#if canImport(Security)
import Foundation
import Security

/// Keeps tokens in the Keychain, available after first unlock and never synced to other devices.
public actor KeychainTokenStore: TokenStore {
    private let service: String
    private let account = "session"

    public init(service: String = "app.kindred.session") {
        self.service = service
    }

    public func load() async throws -> StoredSession? {
        var query = baseQuery
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = result as? Data else { throw KeychainError(status: status) }
        return try JSONDecoder().decode(StoredSession.self, from: data)
    }

    public func save(_ session: StoredSession?) async throws {
        SecItemDelete(baseQuery as CFDictionary)
        guard let session else { return }
        var item = baseQuery
        item[kSecValueData as String] = try JSONEncoder().encode(session)
        item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        let status = SecItemAdd(item as CFDictionary, nil)
        guard status == errSecSuccess else { throw KeychainError(status: status) }
    }

    private var baseQuery: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    public struct KeychainError: Error {
        public let status: OSStatus
    }
}
#endif
