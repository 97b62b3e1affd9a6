import Foundation

/// What Rin last saw, kept per account so the app opens on it (offline too) and then refreshes.
/// Values are the contract's own `Codable` types, one JSON file per key, written atomically: a
/// crash mid-write leaves the previous copy. Another account on the same device never reads them,
/// and signing out removes them (`removeAll(for:)`).
public actor RinStore {
    public struct Key: Hashable, Sendable {
        public let name: String

        public init(_ name: String) {
            // Keys become file names: only letters, digits, '-' and '.' survive.
            self.name = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
        }

        public static let profiles = Key("profiles")
        public static let onboarding = Key("onboarding")
        public static let settings = Key("settings")
        public static func home(_ profile: UUID) -> Key { Key("home-" + profile.uuidString.lowercased()) }
        public static func contacts(_ profile: UUID) -> Key { Key("contacts-" + profile.uuidString.lowercased()) }
        public static func circles(_ profile: UUID) -> Key { Key("circles-" + profile.uuidString.lowercased()) }
        public static func contact(_ id: UUID) -> Key { Key("contact-" + id.uuidString.lowercased()) }
    }

    private let directory: URL?
    private var memory: [String: Data] = [:]
    private let encoder: JSONEncoder
    private let decoder: JSONDecoder

    /// - Parameter directory: where to keep the files; nil keeps everything in memory (previews,
    ///   tests of the models that do not care about relaunches).
    public init(directory: URL?) {
        self.directory = directory
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
    }

    /// The stored value, or nil if there is none or it no longer decodes (an older app's shape):
    /// a cache that cannot be read is simply empty.
    public func value<Value: Decodable & Sendable>(_ type: Value.Type, for key: Key, account: UUID) -> Value? {
        guard let data = read(path(key, account)) else { return nil }
        return try? decoder.decode(Value.self, from: data)
    }

    public func save<Value: Encodable & Sendable>(_ value: Value, for key: Key, account: UUID) throws {
        try write(try encoder.encode(value), to: path(key, account))
    }

    public func remove(_ key: Key, account: UUID) {
        let path = path(key, account)
        memory[path] = nil
        if let directory { try? FileManager.default.removeItem(at: directory.appendingPathComponent(path)) }
    }

    /// Forgets everything kept for an account (on sign-out, or when the account is deleted).
    public func removeAll(for account: UUID) {
        let folder = account.uuidString.lowercased()
        memory = memory.filter { !$0.key.hasPrefix(folder + "/") }
        if let directory { try? FileManager.default.removeItem(at: directory.appendingPathComponent(folder)) }
    }

    private func path(_ key: Key, _ account: UUID) -> String {
        account.uuidString.lowercased() + "/" + key.name + ".json"
    }

    private func read(_ path: String) -> Data? {
        guard let directory else { return memory[path] }
        return try? Data(contentsOf: directory.appendingPathComponent(path))
    }

    private func write(_ data: Data, to path: String) throws {
        guard let directory else { memory[path] = data; return }
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        #if os(iOS)
        try data.write(to: url, options: [.atomic, .completeFileProtectionUntilFirstUserAuthentication])
        #else
        try data.write(to: url, options: .atomic)
        #endif
    }
}
