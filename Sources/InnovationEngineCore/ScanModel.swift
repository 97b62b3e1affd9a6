import Foundation
import KindredSDK
import Observation

/// "Scan": a scanned or pasted code shows whose it is ("Connect with Tess?"), and only the
/// person's own confirmation connects.
@MainActor @Observable
public final class ScanModel {
    public enum State: Equatable {
        case idle
        case lookingUp
        /// Whose code it is; `connect(note:)` or `reset()` next.
        case confirming(ConnectCodePreview, code: String)
        case connecting
        case connected(Connection, isNew: Bool)
        case failed(String)
    }

    public private(set) var state: State = .idle
    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    /// Looks the code up once: a camera reporting the same code many times a second does not
    /// send many requests.
    public func scanned(_ code: String) async {
        guard state == .idle || isFailed else { return }
        state = .lookingUp
        do {
            state = .confirming(try await session.previewConnectCode(code), code: code)
        } catch {
            state = .failed(error.localizedDescription)
        }
    }

    /// Connects with the person being confirmed.
    public func connect(note: String? = nil) async {
        guard case .confirming(_, let code) = state else { return }
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

    private var isFailed: Bool {
        if case .failed = state { return true }
        return false
    }
}
