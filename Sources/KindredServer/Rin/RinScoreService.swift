import Fluent
import Foundation
import RinScoring

/// One person's Rin Score (docs/RIN-PART2.md §4.6): the official one from the last daily run,
/// marked stale after a day, and a provisional one computed now from current data with the
/// centrality of the last run (it needs the whole graph). The explanations are the provisional
/// inputs': what raises the score from here.
struct RinScoreService {
    let context: ServiceContext

    /// An official score older than this is shown as not updated since its run.
    static let staleAfter: TimeInterval = 24 * 3600

    struct Answer {
        var official: Official?
        var provisional: RinScoreResult
        var explanations: [RinScoreExplanation]
    }

    struct Official {
        var result: RinScoreResult
        var day: Int
        var computedAt: Date
        var isStale: Bool
    }

    func score(of userID: UUID) async throws -> Answer {
        let latest = try await RinScoreLatest.query(on: context.database).filter(\.$user.$id == userID).first()
        let inputs = try await provisionalInputs(of: userID, latest: latest)
        var official: Official?
        // A run of an older formula is not shown as official: its parts mean something else.
        if let latest, latest.version == RinScoreFormula.version,
           let result = try? JSONDecoder().decode(RinScoreResult.self, from: Data(latest.result.utf8)) {
            official = Official(result: result, day: latest.day, computedAt: latest.computedAt,
                                isStale: context.now.timeIntervalSince(latest.computedAt) > Self.staleAfter)
        }
        return Answer(official: official, provisional: RinScoreFormula.score(inputs), explanations: RinScoreFormula.explain(inputs))
    }

    /// The official scores of the last 90 days, oldest first.
    func history(of userID: UUID) async throws -> [RinScoreRecord] {
        _ = try await RinProfileService(context: context).primary(of: userID)
        let today = RinDay.number(of: context.now)
        return try await RinScoreRecord.query(on: context.database).filter(\.$user.$id == userID)
            .filter(\.$day > today - RinScoreFormula.window).sort(\.$day).all()
    }

    /// My inputs now: my links and what I may know beyond them, read live; the centrality of the
    /// last run (the average, 1, for someone with links the last run did not know).
    func provisionalInputs(of userID: UUID, latest: RinScoreLatest?) async throws -> RinScoreInputs {
        let database = context.database
        _ = try await RinProfileService(context: context).primary(of: userID)
        let today = RinDay.number(of: context.now)
        let mine = try await RinLinkStore.links(of: [userID], on: database)
        let linked = Set(mine.links.map { $0.pair.other(than: userID) })
        let neighbours = RinLinkStore.neighbours(in: try await RinLinkStore.links(of: linked, on: database).links)
        let showing = try await RinNetworkService.showingConnections(among: linked, on: database)
        var twoHop = Set<UUID>()
        for person in showing { twoHop.formUnion(neighbours[person] ?? []) }
        twoHop.subtract(linked)
        twoHop.remove(userID)
        // Ties between two of my links, counted only when one of the two shows them (as the job).
        var ties = 0
        for person in linked {
            for other in neighbours[person] ?? [] where linked.contains(other) && (showing.contains(person) || showing.contains(other)) {
                ties += 1
            }
        }
        let k = linked.count
        let clustering = k < 2 ? 0 : Double(ties) / Double(k * (k - 1))
        let centrality = mine.links.isEmpty ? 0 : (latest?.centrality).flatMap { $0 > 0 ? $0 : nil } ?? 1
        return RinScoreData.inputs(
            for: userID, today: today, links: mine.links, oneWay: mine.oneWay[userID] ?? 0, centrality: centrality,
            twoHop: twoHop.count, clustering: clustering,
            organised: try await RinScoreData.organised(owners: [userID], on: database)[userID] ?? [],
            intervals: try await RinScoreData.intervals(of: [userID], today: today, on: database)[userID] ?? [],
            penalties: try await RinScoreData.penalties(of: [userID], now: context.now, on: database)[userID] ?? [])
    }
}
