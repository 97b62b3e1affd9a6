import Foundation
import KindredSDK
import Observation

/// "Scan": turns a scanned or pasted code into a connection.
@MainActor @Observable
public final class ScanModel {
    public enum State: Equatable {
        case idle
        case connecting
        case connected(Connection, isNew: Bool)
        case failed(String)
    }

    public private(set) var state: State = .idle
    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    /// Connects once per code: a camera reporting the same code many times a second does not
    /// send many requests.
    public func scanned(_ code: String, note: String? = nil) async {
        guard state != .connecting else { return }
        state = .connecting
        do {
            let result = try await session.connect(code: code, note: note)
            state = .connected(result.connection, isNew: result.created)
        } catch {
            state = .failed(error.localizedDescription)
        }
    }

    public func reset() {
        state = .idle
    }
}
