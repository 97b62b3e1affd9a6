import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// How to reach the SMTP server (`KINDRED_SMTP_URL`).
struct SMTPSettings: Sendable, Equatable {
    enum Security: String, Sendable, Equatable {
        /// `smtp://`: STARTTLS, required: a server that does not offer it is refused, so
        /// credentials and links never cross the network in clear.
        case startTLS
        /// `smtps://`: TLS from the first byte (port 465).
        case tls
        /// `smtp+plain://`: no TLS, for a relay on the same host or network.
        case none
    }

    var host: String
    var port: Int
    var security: Security
    var username: String?
    var password: String?
    /// PEM certificates to trust instead of the system's (a private relay's own CA).
    var trustRootsFile: String?
    /// The name this host gives in EHLO.
    var clientName: String
    /// Each step (connecting, each reply) must finish within this.
    var timeout: TimeInterval

    /// A configuration problem, said as the operator should read it.
    struct Problem: Error, Equatable {
        let message: String
    }

    /// Reads `smtp://user:password@host:587`, `smtps://…:465` or `smtp+plain://host:25`; the user
    /// and password percent-decoded. The reason, for anything else.
    static func parse(_ text: String, trustRootsFile: String?, clientName: String, timeout: TimeInterval) -> Result<SMTPSettings, Problem> {
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return .failure(Problem(message: "KINDRED_SMTP_URL must look like smtp://user:password@host:587 (or smtps://, smtp+plain://)."))
        }
        let security: Security, defaultPort: Int
        switch scheme {
        case "smtp": (security, defaultPort) = (.startTLS, 587)
        case "smtps": (security, defaultPort) = (.tls, 465)
        case "smtp+plain": (security, defaultPort) = (.none, 25)
        default: return .failure(Problem(message: "KINDRED_SMTP_URL's scheme must be smtp (STARTTLS), smtps (TLS) or smtp+plain (no TLS)."))
        }
        // URLComponents keeps the percent-encoding of `percentEncodedUser`; `user` decodes it.
        return .success(SMTPSettings(host: host, port: url.port ?? defaultPort, security: security, username: url.user,
                                     password: url.password, trustRootsFile: trustRootsFile, clientName: clientName,
                                     timeout: timeout))
    }
}

/// Why a message was not sent. A reply's text is the server's; nothing we sent is repeated in it
/// (the AUTH line carries the password).
enum SMTPError: Error, CustomStringConvertible, Equatable {
    case unexpectedReply(step: String, code: Int, text: String)
    case startTLSNotOffered
    case noAuthMechanism(offered: String)
    case malformedReply
    case timedOut(step: String)
    case connectionClosed

    var description: String {
        switch self {
        case .unexpectedReply(let step, let code, let text): "SMTP \(step) was answered \(code) \(text)"
        case .startTLSNotOffered: "the SMTP server does not offer STARTTLS, which smtp:// requires (smtp+plain:// sends in clear)"
        case .noAuthMechanism(let offered): "the SMTP server offers no AUTH we speak (PLAIN, LOGIN); it offers: \(offered)"
        case .malformedReply: "the SMTP server's reply was not SMTP"
        case .timedOut(let step): "the SMTP server did not answer \(step) in time"
        case .connectionClosed: "the SMTP server closed the connection"
        }
    }
}

/// Sends each message over its own SMTP connection (RFC 5321): EHLO, STARTTLS when configured,
/// AUTH PLAIN or LOGIN, MAIL, RCPT, DATA, QUIT. Kindred sends few messages, so a connection per
/// message is simpler than a pool and never holds a server's slot while idle.
struct SMTPMailer: Mailer {
    let settings: SMTPSettings
    let group: any EventLoopGroup

    func send(_ message: MailMessage, rendered: String) async throws {
        let connection = try await SMTPConnection.open(settings, group: group)
        do {
            try await connection.deliver(from: message.from.address, to: message.to.address, data: rendered)
            await connection.quit()
        } catch {
            connection.close()
            throw error
        }
    }
}

/// One SMTP reply: its code and its lines' text.
struct SMTPReply: Sendable, Equatable {
    var code: Int
    var lines: [String]

    var text: String { lines.joined(separator: " ") }

    /// EHLO's extension keywords, upper-cased: `["STARTTLS", "AUTH PLAIN LOGIN", …]`.
    var extensions: [String] { lines.dropFirst().map { $0.uppercased() } }
}

final class SMTPConnection: Sendable {
    private let channel: any Channel
    private let reader: SMTPReplyReader
    private let settings: SMTPSettings

    private init(channel: any Channel, reader: SMTPReplyReader, settings: SMTPSettings) {
        self.channel = channel
        self.reader = reader
        self.settings = settings
    }

    static func open(_ settings: SMTPSettings, group: any EventLoopGroup) async throws -> SMTPConnection {
        let reader = SMTPReplyReader()
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.milliseconds(Int64(settings.timeout * 1000)))
            .channelInitializer { channel in
                // Handlers are made on the channel's loop: a TLS handler is not Sendable.
                channel.eventLoop.makeCompletedFuture {
                    if settings.security == .tls { try channel.pipeline.syncOperations.addHandler(Self.tlsHandler(settings)) }
                    try channel.pipeline.syncOperations.addHandler(reader)
                }
            }
            .connect(host: settings.host, port: settings.port).get()
        let connection = SMTPConnection(channel: channel, reader: reader, settings: settings)
        do {
            try await connection.expect(connection.reply(step: "greeting"), 220, step: "greeting")
            var hello = try await connection.hello()
            if settings.security == .startTLS {
                guard hello.extensions.contains("STARTTLS") else { throw SMTPError.startTLSNotOffered }
                try await connection.expect(connection.command("STARTTLS"), 220, step: "STARTTLS")
                try await channel.eventLoop.submit {
                    try channel.pipeline.syncOperations.addHandler(Self.tlsHandler(settings), position: .first)
                }.get()
                // RFC 3207 §4.2: everything learned before TLS is forgotten; ask again.
                hello = try await connection.hello()
            }
            if let username = settings.username {
                try await connection.authenticate(username: username, password: settings.password ?? "", hello: hello)
            }
            return connection
        } catch {
            connection.close()
            throw error
        }
    }

    private static func tlsHandler(_ settings: SMTPSettings) throws -> NIOSSLClientHandler {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = settings.trustRootsFile { configuration.trustRoots = .file(file) }
        let context = try NIOSSLContext(configuration: configuration)
        // SNI takes a name, not an address; with an address the certificate is checked against it.
        let isAddress = (try? SocketAddress(ipAddress: settings.host, port: 0)) != nil
        return try NIOSSLClientHandler(context: context, serverHostname: isAddress ? nil : settings.host)
    }

    private func hello() async throws -> SMTPReply {
        try await expect(command("EHLO " + settings.clientName), 250, step: "EHLO")
    }

    private func authenticate(username: String, password: String, hello: SMTPReply) async throws {
        let offered = hello.extensions.first { $0.hasPrefix("AUTH ") || $0.hasPrefix("AUTH=") } ?? ""
        let mechanisms = offered.dropFirst(5).split(separator: " ").map(String.init)
        if mechanisms.contains("PLAIN") {
            let credentials = Data(([0] + Array(username.utf8) + [0] + Array(password.utf8))).base64EncodedString()
            try await expect(command("AUTH PLAIN " + credentials), 235, step: "AUTH")
        } else if mechanisms.contains("LOGIN") {
            try await expect(command("AUTH LOGIN"), 334, step: "AUTH")
            try await expect(command(Data(username.utf8).base64EncodedString()), 334, step: "AUTH")
            try await expect(command(Data(password.utf8).base64EncodedString()), 235, step: "AUTH")
        } else {
            throw SMTPError.noAuthMechanism(offered: offered.isEmpty ? "none" : offered)
        }
    }

    func deliver(from sender: String, to recipient: String, data: String) async throws {
        // Addresses beyond ASCII need the server's SMTPUTF8 (RFC 6531); Kindred's are checked
        // when accounts are made, and this says so if one slipped through.
        let utf8 = !(sender + recipient).utf8.allSatisfy { $0 < 0x80 }
        try await expect(command("MAIL FROM:<\(sender)>" + (utf8 ? " SMTPUTF8" : "")), 250, step: "MAIL")
        let accepted = try await command("RCPT TO:<\(recipient)>")
        guard accepted.code == 250 || accepted.code == 251 else {
            throw SMTPError.unexpectedReply(step: "RCPT", code: accepted.code, text: accepted.text)
        }
        try await expect(command("DATA"), 354, step: "DATA")
        try await expect(send(Self.dotStuffed(data) + ".\r\n", step: "the message"), 250, step: "the message")
    }

    /// RFC 5321 §4.5.2: a line that starts with a dot gets another, so none ends the message early.
    static func dotStuffed(_ data: String) -> String {
        var text = data.hasSuffix("\r\n") ? data : data + "\r\n"
        if text.hasPrefix(".") { text = "." + text }
        return text.replacingOccurrences(of: "\r\n.", with: "\r\n..")
    }

    func quit() async {
        _ = try? await command("QUIT")
        close()
    }

    func close() {
        channel.close(promise: nil)
    }

    @discardableResult
    private func expect(_ reply: SMTPReply, _ code: Int, step: String) throws -> SMTPReply {
        guard reply.code == code else { throw SMTPError.unexpectedReply(step: step, code: reply.code, text: reply.text) }
        return reply
    }

    private func command(_ line: String) async throws -> SMTPReply {
        // The step in errors is the command's verb only: AUTH's argument is a password.
        let verb = String(line.prefix { $0 != " " && $0 != ":" })
        return try await send(line + "\r\n", step: verb.count <= 8 ? verb : "AUTH")
    }

    /// Writes `text` and waits for the reply to it.
    private func send(_ text: String, step: String) async throws -> SMTPReply {
        let reply = reader.next(on: channel.eventLoop, timeout: .milliseconds(Int64(settings.timeout * 1000)), step: step)
        try await channel.writeAndFlush(channel.allocator.buffer(string: text)).get()
        return try await reply.get()
    }

    /// Waits for a reply nothing was sent for (the greeting).
    private func reply(step: String) async throws -> SMTPReply {
        try await reader.next(on: channel.eventLoop, timeout: .milliseconds(Int64(settings.timeout * 1000)), step: step).get()
    }
}

/// Reads SMTP replies off the connection: lines `250-…` continue a reply, `250 …` ends it. Each
/// reply goes to the oldest waiting `next`, or waits for one. A reply of more than 100 lines or a
/// line over 4,096 bytes is refused: a hostile server cannot make Kindred buffer without end.
///
/// Touched only on its channel's event loop (`next` hops there), hence `@unchecked Sendable`.
final class SMTPReplyReader: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private var buffer: [UInt8] = []
    private var lines: [String] = []
    private var replies: [Result<SMTPReply, any Error>] = []
    private var waiting: [(EventLoopPromise<SMTPReply>, Scheduled<Void>)] = []
    private var failure: (any Error)?

    func next(on loop: any EventLoop, timeout: TimeAmount, step: String) -> EventLoopFuture<SMTPReply> {
        loop.flatSubmit {
            if !self.replies.isEmpty { return loop.makeCompletedFuture(self.replies.removeFirst()) }
            if let failure = self.failure { return loop.makeFailedFuture(failure) }
            let promise = loop.makePromise(of: SMTPReply.self)
            let timer = loop.scheduleTask(in: timeout) {
                self.waiting.removeAll { $0.0.futureResult === promise.futureResult }
                promise.fail(SMTPError.timedOut(step: step))
            }
            self.waiting.append((promise, timer))
            return promise.futureResult
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        buffer += bytes.readBytes(length: bytes.readableBytes) ?? []
        while let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            buffer.removeSubrange(...end)
            take(String(decoding: line, as: UTF8.self), context: context)
        }
        if buffer.count > 4096 { fail(SMTPError.malformedReply, context: context) }
    }

    private func take(_ line: String, context: ChannelHandlerContext) {
        let bytes = Array(line.utf8)
        guard bytes.count >= 3, let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)), lines.count < 100,
              bytes.count == 3 || bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "-")
        else { return fail(SMTPError.malformedReply, context: context) }
        lines.append(bytes.count > 4 ? String(decoding: bytes[4...], as: UTF8.self) : "")
        guard bytes.count == 3 || bytes[3] == UInt8(ascii: " ") else { return }
        deliver(.success(SMTPReply(code: code, lines: lines)))
        lines = []
    }

    private func deliver(_ result: Result<SMTPReply, any Error>) {
        if waiting.isEmpty {
            replies.append(result)
        } else {
            let (promise, timer) = waiting.removeFirst()
            timer.cancel()
            promise.completeWith(result)
        }
    }

    private func fail(_ error: any Error, context: ChannelHandlerContext) {
        failure = failure ?? error
        for (promise, timer) in waiting {
            timer.cancel()
            promise.fail(error)
        }
        waiting = []
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        failure = failure ?? SMTPError.connectionClosed
        for (promise, timer) in waiting {
            timer.cancel()
            promise.fail(SMTPError.connectionClosed)
        }
        waiting = []
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error, context: context)
    }
}
