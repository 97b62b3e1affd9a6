import Foundation
import KindredAPI
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix

/// One client connection relayed to Vapor's server: the handlers on both channels and the state
/// they share. The backend channel runs on the client's event loop, so nothing here takes a lock.
///
/// Client channel, head to tail: `RequestDeadline` (raw bytes), the HTTP request decoder, the
/// response encoder, `RequestRelay`, `Glue`. Backend channel: the request encoder, the response
/// decoder, `ResponseRelay`, `Glue`. Once Vapor answers a WebSocket upgrade with 101, every
/// handler but the two `Glue`s leaves and bytes pass through untouched. A request for one of the
/// web client's files is answered here, from memory, when nothing relayed is still being answered
/// ahead of it (`FrontWebClient`).
final class FrontRelay {
    enum Phase {
        /// Between requests. Bytes arriving start a head.
        case idle
        case head(since: NIODeadline, bytes: Int)
        case body(since: NIODeadline, bytes: Int)
        /// After an upgrade request, which is the last HTTP either side parses on a connection.
        case upgrade
    }

    private let limits: KindredConfiguration.ConnectionLimits
    private let peer: String?
    private let loop: any EventLoop
    fileprivate let webClient: FrontWebClient?
    private var phase = Phase.idle
    /// Requests forwarded whose final response has not ended yet.
    private var outstanding = 0
    private var switching = false
    private var timer: (task: Scheduled<Void>, at: NIODeadline)?

    // The client's reads also wait for its own side to drain: answers written here from memory
    // would otherwise pile up for a client that sends requests and never reads.
    private let clientGlue = Glue(readsOnlyWhileWritable: true)
    private let backendGlue = Glue()
    private var client: (any Channel)?
    private var backend: (any Channel)?
    private var clientCodecs: [any RemovableChannelHandler] = []
    private var backendCodecs: [any RemovableChannelHandler] = []

    private init(limits: KindredConfiguration.ConnectionLimits, peer: String?, loop: any EventLoop, webClient: FrontWebClient?) {
        self.limits = limits
        self.peer = peer
        self.loop = loop
        self.webClient = webClient
    }

    /// Connects `client` to the backend before it becomes active, so no byte arrives with nowhere to go.
    static func connect(client: any Channel, backendPath: String, peer: String?, limits: KindredConfiguration.ConnectionLimits,
                        webClient: FrontWebClient?, logger: Logger) -> EventLoopFuture<Void> {
        let relay = NIOLoopBound(FrontRelay(limits: limits, peer: peer, loop: client.eventLoop, webClient: webClient),
                                 eventLoop: client.eventLoop)
        return ClientBootstrap(group: client.eventLoop)
            .connectTimeout(.seconds(5))
            .channelInitializer { backend in
                backend.eventLoop.makeCompletedFuture { try relay.value.addBackendHandlers(backend) }
            }
            .connect(unixDomainSocketPath: backendPath)
            .flatMapThrowing { backend in try relay.value.addClientHandlers(client, backend: backend) }
            .flatMapError { error in
                logger.error("The front could not reach the server behind it: \(error)")
                return refuse(client, AppError(.unavailable, .serviceUnavailable, "The server is starting or stopping; try again in a moment.",
                                               headers: ["Retry-After": "1"]))
            }
    }

    /// Answers a connection that will not be relayed, then closes it.
    static func refuse(_ channel: any Channel, _ problem: AppError) -> EventLoopFuture<Void> {
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Refusal(problem)) }
    }

    private func addBackendHandlers(_ backend: any Channel) throws {
        var encoderConfiguration = HTTPRequestEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        let handlers: [any RemovableChannelHandler] = [
            HTTPRequestEncoder(configuration: encoderConfiguration),
            ByteToMessageHandler(HTTPResponseDecoder(leftOverBytesStrategy: .forwardBytes)),
            ResponseRelay(self),
        ]
        try backend.pipeline.syncOperations.addHandlers(handlers + [backendGlue])
        backendCodecs = handlers
        self.backend = backend
    }

    private func addClientHandlers(_ client: any Channel, backend: any Channel) throws {
        var encoderConfiguration = HTTPResponseEncoder.Configuration()
        encoderConfiguration.automaticallySetFramingHeaders = false
        let handlers: [any RemovableChannelHandler] = [
            RequestDeadline(self),
            ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .forwardBytes)),
            HTTPResponseEncoder(configuration: encoderConfiguration),
            RequestRelay(self),
        ]
        try client.pipeline.syncOperations.addHandlers(handlers + [clientGlue])
        clientCodecs = handlers
        self.client = client
        Glue.pair(clientGlue, backendGlue)
    }

    // MARK: - Deadlines

    fileprivate func received(bytes: Int) {
        switch phase {
        case .idle:
            phase = .head(since: .now(), bytes: bytes)
            arm()
        case .head(let since, let count):
            phase = .head(since: since, bytes: count + bytes)
        case .body, .upgrade:
            break
        }
    }

    fileprivate func requestHead(_ head: inout HTTPRequestHead) {
        head.headers.remove(name: FrontServer.peerHeader)
        if let peer { head.headers.add(name: FrontServer.peerHeader, value: peer) }
        outstanding += 1
        phase = .body(since: .now(), bytes: 0)
        arm()
    }

    /// The answer from memory to `head`, or nil to relay it. Only while no relayed request is
    /// still being answered: responses go out in the order their requests came.
    fileprivate func answerFromMemory(_ head: HTTPRequestHead) -> (path: Substring, answer: WebClientFiles.Answer)? {
        guard outstanding == 0, !switching, let webClient else { return nil }
        return webClient.answer(head)
    }

    fileprivate func requestBody(bytes: Int) {
        if case .body(let since, let count) = phase { phase = .body(since: since, bytes: count + bytes) }
    }

    fileprivate func requestEnded(_ head: HTTPRequestHead?) {
        phase = head.map(Self.isUpgrade) == true ? .upgrade : .idle
    }

    /// The request decoder's own rule (llhttp's): after such a request it parses nothing more.
    private static func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        let connection = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
        return head.method == .CONNECT || (connection.contains("upgrade") && head.headers.contains(name: "upgrade"))
    }

    private var deadline: NIODeadline? {
        func seconds(_ value: Double) -> TimeAmount { .nanoseconds(Int64(value * 1_000_000_000)) }
        let rate = Double(limits.minimumRate)
        switch phase {
        case .idle, .upgrade:
            return nil
        case .head(let since, let bytes):
            return since + seconds(min(limits.headTimeout + Double(bytes) / rate, 2 * limits.headTimeout))
        case .body(let since, let bytes):
            return since + seconds(limits.bodyTimeout + Double(bytes) / rate)
        }
    }

    /// One timer per connection, due at the current phase's deadline or earlier (a body's
    /// deadline can come before the head's that armed it).
    private func arm() {
        guard let deadline else { return }
        if let timer {
            guard deadline < timer.at else { return }
            timer.task.cancel()
        }
        let relay = NIOLoopBound(self, eventLoop: loop)
        timer = (loop.scheduleTask(deadline: deadline) { relay.value.timerFired() }, deadline)
    }

    private func timerFired() {
        timer = nil
        guard let deadline else { return }
        if deadline > .now() { return arm() }
        // A head that never finished, with nothing else in flight, can still be answered.
        if case .head = phase, outstanding == 0 {
            respondAndClose(AppError(.requestTimeout, .requestTimeout, "The request's headers arrived too slowly."))
        } else {
            client?.close(promise: nil)
        }
        phase = .upgrade
    }

    // MARK: - Responses

    fileprivate func responseEnded() {
        outstanding -= 1
        if switching {
            let relay = NIOLoopBound(self, eventLoop: loop)
            // After the read that delivered the 101 is done, so neither decoder is mid-parse.
            loop.execute { relay.value.switchToBytes() }
        } else if case .upgrade = phase, outstanding == 0 {
            // Vapor refused the upgrade and will read nothing more here: don't hold the connection.
            clientGlue.closeWhenWritten()
        }
    }

    fileprivate func responseHead(_ head: HTTPResponseHead) {
        if head.status == .switchingProtocols, case .upgrade = phase { switching = true }
    }

    /// The order matters: each decoder hands its buffered bytes on toward the tail as it leaves,
    /// and on to the other channel, and those bytes must meet no HTTP handler on either.
    private func switchToBytes() {
        timer?.task.cancel()
        guard let client, let backend else { return }
        let clientEncoder = clientCodecs.remove(at: 2)
        // What a decoder hands on as it leaves (often the first WebSocket frame after the 101) is
        // written with no read completing behind it to flush it: flush both sides once each
        // handler has left, not with the next read, which for a socket that only waits for a ping
        // may be the close 30 seconds later.
        let flushBoth: @Sendable (Result<Void, any Error>) -> Void = { _ in
            client.flush()
            backend.flush()
        }
        func remove(_ handler: any RemovableChannelHandler, from channel: any Channel) {
            let removed = channel.eventLoop.makePromise(of: Void.self)
            removed.futureResult.whenComplete(flushBoth)
            channel.pipeline.syncOperations.removeHandler(handler, promise: removed)
        }
        remove(clientEncoder, from: client)
        for handler in backendCodecs.reversed() { remove(handler, from: backend) }
        for handler in clientCodecs.reversed() { remove(handler, from: client) }
        clientCodecs = []
        backendCodecs = []
        flushBoth(.success(()))
    }

    fileprivate func malformedRequest() {
        // Mid-body or mid-response there is no clean answer to give; hang up.
        var answerable = outstanding == 0
        if case .body = phase { answerable = false }
        if case .upgrade = phase { answerable = false }
        phase = .upgrade
        if answerable {
            respondAndClose(.malformed("The request is not valid HTTP/1.1."))
        } else {
            client?.close(promise: nil)
        }
    }

    private func respondAndClose(_ problem: AppError) {
        guard let client else { return }
        let (head, body) = Refusal.response(problem)
        client.write(HTTPServerResponsePart.head(head), promise: nil)
        client.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
        client.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in client.close(promise: nil) }
    }
}

// MARK: - Handlers

/// First on the client channel: counts a head's bytes as they arrive, before they are parsed.
private final class RequestDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let relay: FrontRelay
    init(_ relay: FrontRelay) { self.relay = relay }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        relay.received(bytes: unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }
}

/// Parsed requests on their way to the backend, with the peer named and the deadlines kept; or,
/// for a file of the web client, answered here.
private final class RequestRelay: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPClientRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    private let relay: FrontRelay
    private var head: HTTPRequestHead?
    /// The request being answered from memory, between its head and its end.
    private var local: (head: HTTPRequestHead, path: Substring, answer: WebClientFiles.Answer, started: ContinuousClock.Instant)?
    /// After an answer from memory that closes the connection, nothing more is read.
    private var closing = false
    init(_ relay: FrontRelay) { self.relay = relay }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if closing { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            if let found = relay.answerFromMemory(head) {
                local = (head, found.path, found.answer, .now)
                return
            }
            relay.requestHead(&head)
            self.head = head
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body(let buffer):
            // A request answered from memory has no body (`FrontWebClient.filePath`).
            if local != nil { return }
            relay.requestBody(bytes: buffer.readableBytes)
            context.fireChannelRead(wrapInboundOut(.body(.byteBuffer(buffer))))
        case .end(let trailers):
            if let local {
                self.local = nil
                relay.requestEnded(nil)
                answer(local.head, path: local.path, with: local.answer, started: local.started, context: context)
                return
            }
            relay.requestEnded(head)
            head = nil
            context.fireChannelRead(wrapInboundOut(.end(trailers)))
        }
    }

    private func answer(_ head: HTTPRequestHead, path: Substring, with answer: WebClientFiles.Answer, started: ContinuousClock.Instant,
                        context: ChannelHandlerContext) {
        guard let webClient = relay.webClient else { return }
        let requestID = FrontWebClient.requestID(of: head)
        context.write(wrapOutboundOut(.head(webClient.responseHead(answer, for: head, requestID: requestID))), promise: nil)
        // A HEAD is told the length and sent no body.
        if head.method != .HEAD, let body = answer.body { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !head.isKeepAlive {
            closing = true
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
        webClient.record(head, path: path, status: answer.status, requestID: requestID, since: started)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        relay.malformedRequest()
    }
}

/// Parsed responses on their way to the client; notices the 101 that ends HTTP.
private final class ResponseRelay: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPServerResponsePart
    private let relay: FrontRelay
    init(_ relay: FrontRelay) { self.relay = relay }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            relay.responseHead(head)
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body(let buffer):
            context.fireChannelRead(wrapInboundOut(.body(.byteBuffer(buffer))))
        case .end(let trailers):
            context.fireChannelRead(wrapInboundOut(.end(trailers)))
            relay.responseEnded()
        }
    }
}

/// Writes one problem response as the connection opens, then closes it.
private final class Refusal: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let problem: AppError
    init(_ problem: AppError) { self.problem = problem }

    func channelActive(context: ChannelHandlerContext) {
        let (head, body) = Self.response(problem)
        var bytes = context.channel.allocator.buffer(capacity: 256 + body.readableBytes)
        bytes.writeString("HTTP/1.1 \(head.status.code) \(head.status.reasonPhrase)\r\n")
        for (name, value) in head.headers { bytes.writeString("\(name): \(value)\r\n") }
        bytes.writeString("\r\n")
        bytes.writeImmutableBuffer(body)
        let channel = context.channel
        context.writeAndFlush(NIOAny(bytes)).whenComplete { _ in channel.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    static func response(_ problem: AppError) -> (HTTPResponseHead, ByteBuffer) {
        let json = (try? JSONEncoder().encode(problem.problem(instance: nil, requestID: nil))) ?? Data()
        var headers = problem.headers
        headers.replaceOrAdd(name: "Content-Type", value: "application/problem+json")
        headers.replaceOrAdd(name: "Content-Length", value: String(json.count))
        headers.replaceOrAdd(name: "Connection", value: "close")
        headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        headers.replaceOrAdd(name: "Cache-Control", value: "no-store")
        return (HTTPResponseHead(version: .http1_1, status: problem.status, headers: headers), ByteBuffer(bytes: json))
    }
}
