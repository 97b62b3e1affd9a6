import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Vapor

/// Kindred's public listener, in front of Vapor's.
///
/// Vapor 4 builds each connection's NIO pipeline itself, with no hook for a handler of ours, and
/// its only deadline is an idle one, which a client sending a header byte every two seconds resets
/// forever. So the public socket is ours: each connection is counted against its address, each
/// request's head and body must arrive in time (`RequestDeadline`), and the HTTP is relayed,
/// parsed and re-framed, to Vapor's server on a Unix socket in a directory only this process's
/// user can open. The relay names the peer in `peerHeader`, which it always overwrites, so rate
/// limits still see the client's address. After a WebSocket upgrade it passes bytes through.
public final class FrontServer: Server, Sendable {
    /// Set by the relay on every request it forwards; any copy the client sent is removed.
    static let peerHeader = "Kindred-Peer-Address"

    // Unowned: the application keeps this server, as its `servers` factory, for its whole life.
    private unowned let application: Application
    private let limits: KindredConfiguration.ConnectionLimits
    private let countsAddresses: Bool
    private let state = NIOLockedValueBox(State())
    private let shutdownPromise: EventLoopPromise<Void>

    private struct State {
        var channel: (any Channel)?
        var socketDirectory: String?
        var shutDown = false
    }

    init(application: Application, configuration: KindredConfiguration) {
        self.application = application
        self.limits = configuration.connectionLimits
        // Behind proxies every connection comes from a proxy: the cap would count them, not clients.
        self.countsAddresses = configuration.trustedProxies == 0
        self.shutdownPromise = application.eventLoopGroup.any().makePromise()
    }

    public var onShutdown: EventLoopFuture<Void> { shutdownPromise.futureResult }

    deinit {
        // A server never started (an app used in-process) still owes its promise an answer.
        if !state.withLockedValue(\.shutDown) { shutdownPromise.succeed(()) }
    }

    /// Where the public listener is bound (its port, when started on port 0).
    public var localAddress: SocketAddress? { state.withLockedValue { $0.channel?.localAddress } }

    public func start(address: BindAddress?) async throws {
        // Read before Vapor's server starts: binding it to a socket path rewrites its host and port.
        let configuration = application.http.server.configuration
        let directory = try Self.makePrivateDirectory()
        state.withLockedValue { $0.socketDirectory = directory }
        let backendPath = directory + "/http.sock"
        try await application.http.server.shared.start(address: .unixDomainSocket(path: backendPath))

        let connections = ConnectionCounter(limit: countsAddresses ? limits.connectionsPerAddress : nil)
        let limits = self.limits
        let logger = application.logger
        let webClient = application.storage[WebClientFilesKey.self].map {
            FrontWebClient(files: $0, metrics: application.kindred.metrics, logger: logger)
        }
        var bootstrap = ServerBootstrap(group: application.eventLoopGroup)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.maxMessagesPerRead, value: 1)
            .childChannelInitializer { channel in
                let peer = channel.remoteAddress?.ipAddress
                guard connections.acquire(peer) else {
                    return FrontRelay.refuse(channel, AppError(.tooManyRequests, .serviceUnavailable,
                        "This address has too many connections open; close some and try again.",
                        headers: ["Retry-After": "5"]))
                }
                channel.closeFuture.whenComplete { _ in connections.release(peer) }
                return FrontRelay.connect(client: channel, backendPath: backendPath, peer: peer, limits: limits,
                                          webClient: webClient, logger: logger)
            }
        let channel: any Channel
        do {
            switch address ?? .hostname(nil, port: nil) {
            case .hostname(let host, let port):
                bootstrap = bootstrap.childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
                channel = try await bootstrap.bind(host: host ?? configuration.hostname, port: port ?? configuration.port).get()
            case .unixDomainSocket(let path):
                channel = try await bootstrap.bind(unixDomainSocketPath: path).get()
            }
        } catch {
            // The port is taken, say: don't leave Vapor's server and its socket behind.
            await shutdown()
            throw error
        }
        state.withLockedValue { $0.channel = channel }
        if let bound = channel.localAddress {
            logger.notice("Kindred is listening on \(bound.ipAddress.map { "http://\($0):\(bound.port ?? 0)" } ?? bound.description)")
        }
    }

    public func shutdown() async {
        let (channel, directory) = state.withLockedValue { state in
            defer { state.channel = nil; state.socketDirectory = nil; state.shutDown = true }
            return (state.channel, state.socketDirectory)
        }
        try? await channel?.close()
        await application.http.server.shared.shutdown()
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        shutdownPromise.succeed(())
    }

    @available(*, noasync)
    public func start(address: BindAddress?) throws {
        let promise = application.eventLoopGroup.any().makePromise(of: Void.self)
        promise.completeWithTask { try await self.start(address: address) }
        try promise.futureResult.wait()
    }

    @available(*, noasync)
    public func shutdown() {
        let promise = application.eventLoopGroup.any().makePromise(of: Void.self)
        promise.completeWithTask { await self.shutdown() }
        try? promise.futureResult.wait()
    }

    /// A fresh directory readable by this user alone: nobody else can reach Vapor behind the front.
    private static func makePrivateDirectory() throws -> String {
        let template = FileManager.default.temporaryDirectory.path + "/kindred-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else {
            throw AppError(.internalError, .internalServerError, "Could not make a private directory for the server's socket.")
        }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Open connections per client address, refused past the limit.
private final class ConnectionCounter: Sendable {
    private let limit: Int?
    private let counts = NIOLockedValueBox<[String: Int]>([:])

    init(limit: Int?) { self.limit = limit }

    func acquire(_ address: String?) -> Bool {
        guard let limit, let address else { return true }
        return counts.withLockedValue { counts in
            guard counts[address, default: 0] < limit else { return false }
            counts[address, default: 0] += 1
            return true
        }
    }

    func release(_ address: String?) {
        guard limit != nil, let address else { return }
        counts.withLockedValue { counts in
            let remaining = counts[address, default: 1] - 1
            counts[address] = remaining > 0 ? remaining : nil
        }
    }
}

extension Application {
    /// Where clients reach the server, once started: the front listener, or Vapor's own.
    public var listeningAddress: SocketAddress? {
        (server as? FrontServer)?.localAddress ?? http.server.shared.localAddress
    }
}

extension Application {
    /// Serves through one `FrontServer` (Vapor asks its factory afresh each time it wants the server).
    func useFrontServer(_ configuration: KindredConfiguration) {
        let front = FrontServer(application: self, configuration: configuration)
        servers.use { _ in front }
    }
}
