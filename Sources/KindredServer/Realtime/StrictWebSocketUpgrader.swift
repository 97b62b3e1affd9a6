import NIOCore
import NIOHTTP1
import NIOWebSocket
import Vapor

/// Upgrades to a WebSocket that keeps RFC 6455's rules, which WebSocketKit leaves to the
/// application: it ignores unmasked client frames, reserved opcodes and reserved bits, reads
/// invalid UTF-8 as if it were text, and echoes whatever close code it is sent. Vapor's own
/// upgrader gives no access to the channel, but its `Upgrader` protocol does, so the guards sit
/// in the pipeline in front of WebSocketKit's handler.
struct StrictWebSocketUpgrader: Upgrader {
    let onUpgrade: @Sendable (WebSocket) -> Void

    func applyUpgrade(req: Request, res: Response) -> any HTTPServerProtocolUpgrader {
        NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 14,
            // Oversized frames, split control frames and the like are answered by NIO's own handler.
            automaticErrorHandling: true,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture([:]) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(WebSocketGuard(refusing: WebSocketGuard.forbiddenFrame))
                }.flatMap {
                    WebSocket.server(on: channel, onUpgrade: onUpgrade)
                }.flatMap {
                    // Text is whole only once fragments are joined, so its check follows the joining.
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        let aggregator = try pipeline.handler(type: NIOWebSocketFrameAggregator.self)
                        try pipeline.addHandler(WebSocketGuard(refusing: WebSocketGuard.invalidText), position: .after(aggregator))
                    }
                }
            })
    }
}

extension Request {
    /// A WebSocket response whose socket follows RFC 6455 strictly (see `StrictWebSocketUpgrader`).
    func strictWebSocket(onUpgrade: @Sendable @escaping (WebSocket) async -> Void) -> Response {
        let response = Response(status: .switchingProtocols)
        response.upgrader = StrictWebSocketUpgrader(onUpgrade: { socket in Task { await onUpgrade(socket) } })
        return response
    }
}

/// Ends the connection, with the close code RFC 6455 names, at the first frame `refusing` objects
/// to; a refused close frame is never echoed back. Two stand in the pipeline: one before
/// fragments are joined (`forbiddenFrame`), one after (`invalidText`).
final class WebSocketGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    private let refusing: (WebSocketFrame) -> WebSocketErrorCode?
    private var closing = false

    init(refusing: @escaping (WebSocketFrame) -> WebSocketErrorCode?) {
        self.refusing = refusing
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        guard let code = refusing(unwrapInboundIn(data)) else {
            context.fireChannelRead(data)
            return
        }
        closing = true
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        // The frame goes out before the close: writes are flushed in order on the channel.
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)), promise: nil)
        context.close(promise: nil)
    }

    /// What a client must never send (RFC 6455 §5.1–5.5, §7.4): an unmasked frame, a reserved
    /// opcode or bit, a close frame with a code no endpoint may send or a reason that is not UTF-8.
    static func forbiddenFrame(_ frame: WebSocketFrame) -> WebSocketErrorCode? {
        let known: Set<WebSocketOpcode> = [.continuation, .text, .binary, .connectionClose, .ping, .pong]
        let allowed = frame.maskKey != nil && known.contains(frame.opcode) && !frame.rsv1 && !frame.rsv2 && !frame.rsv3
            && (frame.opcode != .connectionClose || isValidClose(frame.unmaskedData))
        return allowed ? nil : .protocolError
    }

    /// A text message that is not valid UTF-8 (RFC 6455 §8.1).
    static func invalidText(_ frame: WebSocketFrame) -> WebSocketErrorCode? {
        frame.opcode == .text && String(validatingUTF8Bytes: frame.unmaskedData.readableBytesView) == nil
            ? .dataInconsistentWithMessage : nil
    }

    /// A close payload is empty, or a code an endpoint may send followed by a UTF-8 reason.
    static func isValidClose(_ payload: ByteBuffer) -> Bool {
        var payload = payload
        guard payload.readableBytes > 0 else { return true }
        guard let code = payload.readInteger(as: UInt16.self) else { return false }
        let sendable = (1000...1003).contains(code) || (1007...1011).contains(code) || (3000...4999).contains(code)
        return sendable && String(validatingUTF8Bytes: payload.readableBytesView) != nil
    }
}

extension String {
    /// The text if `bytes` are valid UTF-8, else nil (never repaired with U+FFFD).
    init?<Bytes: Collection>(validatingUTF8Bytes bytes: Bytes) where Bytes.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var text = ""
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = text
    }
}
