import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Opens a WebSocket and hands over its text frames. The stream ends when the socket closes and
/// closing is what cancelling the consumer does.
public protocol RealtimeConnector: Sendable {
    func connect(to url: URL) async throws -> AsyncThrowingStream<String, any Error>
}

#if canImport(WebSocketKit)
import NIOCore
import NIOPosix
import WebSocketKit

/// WebSockets through SwiftNIO: what Linux uses, since its URLSession cannot open them.
public struct NIORealtimeConnector: RealtimeConnector {
    public init() {}

    public func connect(to url: URL) async throws -> AsyncThrowingStream<String, any Error> {
        let (stream, continuation) = AsyncThrowingStream<String, any Error>.makeStream()
        try await WebSocket.connect(to: url.absoluteString, on: MultiThreadedEventLoopGroup.singleton) { socket in
            socket.onText { _, text in continuation.yield(text) }
            socket.onClose.whenComplete { _ in continuation.finish() }
            continuation.onTermination = { _ in _ = socket.close() }
        }.get()
        return stream
    }
}
#endif

/// WebSockets through URLSession: what Apple platforms use.
public struct URLSessionRealtimeConnector: RealtimeConnector {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func connect(to url: URL) async throws -> AsyncThrowingStream<String, any Error> {
        let task = session.webSocketTask(with: url)
        task.resume()
        return AsyncThrowingStream { continuation in
            let reader = Task {
                do {
                    while !Task.isCancelled {
                        switch try await task.receive() {
                        case .string(let text): continuation.yield(text)
                        case .data(let data): continuation.yield(String(decoding: data, as: UTF8.self))
                        @unknown default: break
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in
                reader.cancel()
                task.cancel(with: .goingAway, reason: nil)
            }
        }
    }
}

/// The connector that works on this platform.
public func defaultRealtimeConnector() -> any RealtimeConnector {
    #if canImport(WebSocketKit)
    NIORealtimeConnector()
    #else
    URLSessionRealtimeConnector()
    #endif
}
