import NIOCore

/// Hands whatever one channel reads to the other, HTTP parts or bytes alike, and reads only while
/// the other side can take more: a slow reader slows its writer instead of filling memory.
final class Glue: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny
    private var partner: Glue?
    private var context: ChannelHandlerContext?
    private var pendingRead = false
    private var lastWrite: EventLoopFuture<Void>?
    /// Whether reading also waits for this side's own writes to drain (the client's, whose
    /// requests the front may answer itself).
    private let readsOnlyWhileWritable: Bool

    init(readsOnlyWhileWritable: Bool = false) {
        self.readsOnlyWhileWritable = readsOnlyWhileWritable
    }

    static func pair(_ one: Glue, _ other: Glue) {
        one.partner = other
        other.partner = one
        one.resumeReading()
        other.resumeReading()
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { partner?.write(data) }
    func channelReadComplete(context: ChannelHandlerContext) { partner?.context?.flush() }

    func channelInactive(context: ChannelHandlerContext) {
        let partner = self.partner
        self.partner = nil
        partner?.partner = nil
        partner?.closeWhenWritten()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            partner?.resumeReading()
            if readsOnlyWhileWritable { resumeReading() }
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    func read(context: ChannelHandlerContext) {
        if let partner, partner.context?.channel.isWritable == true, !readsOnlyWhileWritable || context.channel.isWritable {
            context.read()
        } else {
            pendingRead = true
        }
    }

    private func write(_ data: NIOAny) {
        guard let context else { return }
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.write(data, promise: promise)
        lastWrite = promise.futureResult
    }

    private func resumeReading() {
        guard pendingRead, let context else { return }
        pendingRead = false
        context.read()
    }

    /// Closes once what was written has gone out (a response, then the end of the connection).
    func closeWhenWritten() {
        guard let context else { return }
        let channel = context.channel
        context.flush()
        if let lastWrite {
            lastWrite.whenComplete { _ in channel.close(promise: nil) }
        } else {
            channel.close(promise: nil)
        }
    }
}
