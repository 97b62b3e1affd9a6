import Foundation
import InnovationEngineLayout
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

@Suite("Innovation Engine network: my people, their links, and the layout kept by its graph")
struct NetworkTests {
    @Test func theNetworkHoldsMyPeopleTheirLinksAndAStableLayout() async throws {
        try await withKindred { kindred in
            let me = try await kindred.signUp("me_myself")
            var friends: [TestUser] = []
            for name in ["ann", "ben", "cat"] {
                let friend = try await kindred.signUp(name)
                friends.append(friend)
                _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friend.accessToken, json: ["code": try await kindred.connectCode(of: me).code])
            }
            // ann and ben know each other; cat knows a stranger, who is not in my network.
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friends[0].accessToken, json: ["code": try await kindred.connectCode(of: friends[1]).code])
            let stranger = try await kindred.signUp("stranger")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: friends[2].accessToken, json: ["code": try await kindred.connectCode(of: stranger).code])

            let first = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            let second = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)

            #expect(Set(first.people.map(\.username)) == ["ann", "ben", "cat"])
            #expect(first.links.count == 1)
            #expect(Set([first.links[0].a, first.links[0].b]) == Set([friends[0].id, friends[1].id]))
            #expect(first.positions.count == 4)
            let mine = try #require(first.positions.first { $0.id == me.id })
            #expect(mine.x == 0.5 && mine.y == 0.5)
            #expect(first.positions.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) })
            #expect(first.positions == second.positions)
        }
    }

    @Test func aNetworkDrawnBeforeIsAnsweredFromMemoryAndAChangedOneIsDrawnAgain() async throws {
        try await withKindred { kindred in
            let me = try await kindred.signUp("me_myself")
            let ann = try await kindred.signUp("ann")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: ann.accessToken, json: ["code": try await kindred.connectCode(of: me).code])
            let layouts = kindred.app.innovationEngineLayouts
            let first = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            let again = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            #expect(layouts.count == 1 && again.positions == first.positions)
            // Drawn from memory or afresh, the same graph has the same picture.
            let graph = NetworkGraph(me: me.id, connections: [ann.id], links: [])
            let fresh = NetworkLayout.layout(graph).values.sorted { $0.id.uuidString < $1.id.uuidString }
            #expect(first.positions.map { LayoutPoint(id: $0.id, x: $0.x, y: $0.y) } == fresh)

            let ben = try await kindred.signUp("ben")
            _ = try await kindred.send(.POST, "/innovation-engine/connections", token: ben.accessToken, json: ["code": try await kindred.connectCode(of: me).code])
            let changed = try await kindred.send(.GET, "/innovation-engine/network", token: me.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            #expect(layouts.count == 2)
            #expect(Set(changed.positions.map(\.id)) == [me.id, ann.id, ben.id])
            // Another person's network is theirs: ann's holds only me.
            let annView = try await kindred.send(.GET, "/innovation-engine/network", token: ann.accessToken).decode(Components.Schemas.InnovationEngineNetwork.self)
            #expect(Set(annView.positions.map(\.id)) == [ann.id, me.id])
        }
    }

    @Test func theLayoutCacheStaysWithinItsCapacity() {
        let cache = NetworkLayoutCache(capacity: 10)
        let me = UUID()
        let small = NetworkGraph(me: me, connections: [UUID(), UUID()], links: [])
        _ = cache.layout(small)
        #expect(cache.count == 1)
        // A network heavier than the whole capacity is drawn and not kept.
        let big = NetworkGraph(me: me, connections: (0..<20).map { _ in UUID() }, links: [])
        #expect(cache.layout(big).count == 21)
        #expect(cache.count == 1)
        // Past the capacity the cache starts again: 3 + 4 + 5 people.
        _ = cache.layout(NetworkGraph(me: me, connections: [UUID(), UUID(), UUID()], links: []))
        #expect(cache.count == 2)
        _ = cache.layout(NetworkGraph(me: me, connections: [UUID(), UUID(), UUID(), UUID()], links: []))
        #expect(cache.count == 1)
    }
}
