import Foundation
import Network

/// Says when the device gets a usable connection back, so changes queued offline are sent then
/// (`RinContext.sync()`) instead of waiting for the next launch or the next time Rin comes to the
/// foreground. The monitor's first report is the state at start, not a return: it yields nothing.
///
/// `@unchecked Sendable`: `wasOnline` is read and written only on `queue`, where the monitor
/// calls back, and everything else is set once before the monitor starts.
final class ConnectionWatch: @unchecked Sendable {
    private let monitor = NWPathMonitor()
    private let queue = DispatchQueue(label: "app.kindred.rin.connection")
    /// nil until the first report; then whether the last report had a usable path.
    private var wasOnline: Bool?

    private init() {}

    /// One element each time the connection comes back, for as long as the caller iterates.
    /// Several returns in a row while a sync is still running fold into one: one sync sends all.
    static func returns() -> AsyncStream<Void> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let watch = ConnectionWatch()
            watch.monitor.pathUpdateHandler = { path in
                let online = path.status == .satisfied
                if online, watch.wasOnline == false { continuation.yield() }
                watch.wasOnline = online
            }
            continuation.onTermination = { _ in
                // On the monitor's queue, so no report is being handled while the handler goes;
                // dropping it also breaks the monitor → handler → watch cycle.
                watch.queue.async {
                    watch.monitor.pathUpdateHandler = nil
                    watch.monitor.cancel()
                }
            }
            watch.monitor.start(queue: watch.queue)
        }
    }
}
