import Foundation
import KindredSDK
import Observation

/// "Network": my constellation, laid out deterministically, kept live by realtime events.
@MainActor @Observable
public final class NetworkModel {
    public private(set) var network: Network?
    public private(set) var positions: [UUID: LayoutPoint] = [:]
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            let network = try await session.network()
            self.network = network
            positions = NetworkLayout.layout(Self.graph(of: network))
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Reloads whenever someone connects with me or a connection goes, until the caller stops.
    public func followChanges() async {
        for await event in session.events() {
            switch event {
            case .innovationEngine_connection_created, .innovationEngine_connection_removed: await load()
            default: continue
            }
        }
    }

    static func graph(of network: Network) -> NetworkGraph {
        NetworkGraph(me: network.me.id, connections: network.people.map(\.id), links: network.links.map { ($0.a, $0.b) })
    }
}
