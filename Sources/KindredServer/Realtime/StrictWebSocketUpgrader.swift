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
                    try channel.pipeline.syncOperations.addHandler(WebSocketFrameGuard())
                }.flatMap {
                    WebSocket.server(on: channel, onUpgrade: onUpgrade)
                }.flatMap {
                    // Text is whole only once fragments are joined, so its check follows the joining.
                    channel.eventLoop.makeCompletedFuture {
                        let pipeline = channel.pipeline.syncOperations
                        let aggregator = try pipeline.handler(type: NIOWebSocketFrameAggregator.self)
                        try pipeline.addHandler(WebSocketTextGuard(), position: .after(aggregator))
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

/// Refuses what a client must never send (RFC 6455 §5.1–5.5, §7.4): an unmasked frame, a
/// reserved opcode or bit, and a close frame with a code no endpoint may send or a reason that is
/// not UTF-8. Each ends the connection with 1002 (protocol error), and a bad close code is never
/// echoed back.
final class WebSocketFrameGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let frame = unwrapInboundIn(data)
        let known: Set<WebSocketOpcode> = [.continuation, .text, .binary, .connectionClose, .ping, .pong]
        guard frame.maskKey != nil, known.contains(frame.opcode), !frame.rsv1, !frame.rsv2, !frame.rsv3,
              frame.opcode != .connectionClose || Self.isValidClose(frame.unmaskedData)
        else {
            closing = true
            Self.close(context, code: .protocolError, frameOut: wrapOutboundOut)
            return
        }
        context.fireChannelRead(data)
    }

    /// A close payload is empty, or a code an endpoint may send followed by a UTF-8 reason.
    static func isValidClose(_ payload: ByteBuffer) -> Bool {
        var payload = payload
        guard payload.readableBytes > 0 else { return true }
        guard let code = payload.readInteger(as: UInt16.self) else { return false }
        let sendable = (1000...1003).contains(code) || (1007...1011).contains(code) || (3000...4999).contains(code)
        return sendable && String(validatingUTF8Bytes: payload.readableBytesView) != nil
    }

    static func close(_ context: ChannelHandlerContext, code: WebSocketErrorCode, frameOut: (WebSocketFrame) -> NIOAny) {
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)
        // The frame goes out before the close: writes are flushed in order on the channel.
        context.writeAndFlush(frameOut(frame), promise: nil)
        context.close(promise: nil)
    }
}

/// Ends the connection with 1007 when a text message is not valid UTF-8 (RFC 6455 §8.1).
final class WebSocketTextGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let frame = unwrapInboundIn(data)
        if frame.opcode == .text, String(validatingUTF8Bytes: frame.unmaskedData.readableBytesView) == nil {
            closing = true
            WebSocketFrameGuard.close(context, code: .dataInconsistentWithMessage, frameOut: wrapOutboundOut)
            return
        }
        context.fireChannelRead(data)
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
