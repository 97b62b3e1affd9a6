import Foundation

/// What an Innovation Engine QR code holds: my connect link, `<public base URL>/c/<my id>`, which
/// any phone's camera opens even without the app. The seed's codes held a bare id; those work too.
enum ConnectCode {
    static func link(for userID: UUID, publicBaseURL: String) -> String {
        publicBaseURL + "/c/" + userID.uuidString.lowercased()
    }

    /// The person a scanned code points at, or a clear error for anything else.
    static func personID(in rawCode: String, publicBaseURL: String) throws -> UUID {
        let code = rawCode.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = UUID(uuidString: code) { return id }
        let prefix = publicBaseURL + "/c/"
        if code.lowercased().hasPrefix(prefix.lowercased()) {
            var rest = Substring(code.dropFirst(prefix.count))
            if let end = rest.firstIndex(where: { "?#/".contains($0) }) { rest = rest[..<end] }
            if let id = UUID(uuidString: String(rest)) { return id }
        }
        throw AppError.validation(field: "code", "That is not an Innovation Engine code.")
    }
}
