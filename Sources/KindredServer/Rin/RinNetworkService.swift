import Fluent
import Foundation
import KindredAPI
import RinMatching
import RinScoring

/// The graph around me, as I may see it (docs/RIN-PART2.md §3). My links are mine to see; anything
/// beyond them (whom a link of mine is linked to, how many, a path through them) is seen only
/// through people who chose to show how they connect people. Read live from the books: a link
/// made a moment ago is here at once.
struct RinNetworkService {
    let context: ServiceContext

    /// Two-hop counts below this are not told: a small number could name someone.
    static let smallestTwoHopCount = 5
    /// Paths found to one person, at most.
    static let maxPaths = 3
    /// Intermediaries tried for visibility per request: each costs a few queries.
    static let maxCandidates = 40

    /// Me, my links, and through those of them who show their connections, theirs.
    struct Neighbourhood {
        var me: RinProfile
        var links: [RinLink]
        var oneWay: Int
        /// My links' accounts.
        var linked: Set<UUID>
        /// Those of them who show how they connect people, with their other links (never me).
        var showing: [UUID: [UUID]]

        var myID: UUID { me.$user.id }

        /// People two hops away: linked to someone I am linked to who shows it, not me, not a link.
        var twoHop: Set<UUID> {
            Set(showing.values.joined()).subtracting(linked)
        }

        func bridges(_ person: UUID) -> Int? {
            showing[person].map { $0.filter { !linked.contains($0) }.count }
        }
    }

    func neighbourhood(of userID: UUID) async throws -> Neighbourhood {
        let me = try await RinProfileService(context: context).primary(of: userID)
        let mine = try await RinLinkStore.links(of: [userID], on: context.database)
        let linked = Set(mine.links.map { $0.pair.other(than: userID) })
        let showingIDs = try await Self.showingConnections(among: linked, on: context.database)
        var showing: [UUID: [UUID]] = [:]
        if !showingIDs.isEmpty {
            let theirs = RinLinkStore.neighbours(in: try await RinLinkStore.links(of: showingIDs, on: context.database).links)
            let hidden = try await Blocks.hidden(from: userID, on: context.database)
            for person in showingIDs {
                showing[person] = (theirs[person] ?? []).filter { $0 != userID && !hidden.contains($0) }
            }
        }
        return Neighbourhood(me: me, links: mine.links, oneWay: mine.oneWay[userID] ?? 0, linked: linked, showing: showing)
    }

    struct Summary {
        var links: Int
        var oneWay: Int
        var showing: Int
        /// Nil below `smallestTwoHopCount`.
        var twoHop: Int?
    }

    func summary(of userID: UUID) async throws -> Summary {
        let neighbourhood = try await neighbourhood(of: userID)
        let twoHop = neighbourhood.twoHop.count
        return Summary(links: neighbourhood.links.count, oneWay: neighbourhood.oneWay, showing: neighbourhood.showing.count,
                       twoHop: twoHop >= Self.smallestTwoHopCount ? twoHop : nil)
    }

    /// My links, the most recent first, each as they let me see them.
    func links(of userID: UUID, page: PageRequest) async throws -> Page<(RinLink, view: Components.Schemas.RinPersonView, bridges: Int?)> {
        let neighbourhood = try await neighbourhood(of: userID)
        let primaries = try await Self.primaries(of: neighbourhood.linked, on: context.database)
        var rows = neighbourhood.links.compactMap { link -> (RinLink, RinProfile)? in
            primaries[link.pair.other(than: userID)].map { (link, $0) }
        }
        rows.sort { ($0.0.since, $0.1.id?.orderKey.0 ?? 0, $0.1.id?.orderKey.1 ?? 0) > ($1.0.since, $1.1.id?.orderKey.0 ?? 0, $1.1.id?.orderKey.1 ?? 0) }
        if let after = page.after {
            rows.removeAll { row in
                guard let id = row.1.id else { return true }
                return row.0.since > after.date || (row.0.since == after.date && !id.isOrdered(before: after.id))
            }
        }
        let shown = Page(rows: rows, limit: page.limit) { row in row.1.id.map { PageCursor(date: row.0.since, id: $0) } }
        var items: [(RinLink, view: Components.Schemas.RinPersonView, bridges: Int?)] = []
        for (link, profile) in shown.items {
            items.append((link, try await Self.view(of: profile, by: neighbourhood.me, context: context),
                          neighbourhood.bridges(profile.$user.id)))
        }
        return Page(items: items, nextCursor: shown.nextCursor)
    }

    /// How I am connected to the profile: the shortest paths of at most three hops, at most three,
    /// through people who show how they connect people and whom I may see. An empty answer says
    /// only that there is no path I may be shown. 404 when I may not see the profile at all.
    func paths(to profileID: UUID, by userID: UUID) async throws -> [[Components.Schemas.RinPersonView]] {
        let me = try await RinProfileService(context: context).primary(of: userID)
        guard let target = try await RinProfile.find(profileID, on: context.database) else { throw AppError.notFound("profile") }
        guard target.$user.id != userID else {
            throw AppError.validation(field: "profileId", "That's one of your own profiles.")
        }
        _ = try await RinVisibility.view(of: target, by: .profile(me), context: context)
        // An alternate never links: there is no path to one, which looks like any path not shown.
        guard target.kind == .primary else { return [] }
        let targetID = target.$user.id
        let neighbourhood = try await neighbourhood(of: userID)
        if neighbourhood.linked.contains(targetID) { return [[]] }

        // Two hops: a link of mine who shows it, linked to them.
        let middles = neighbourhood.showing.filter { $0.value.contains(targetID) }.keys.sorted { $0.isOrdered(before: $1) }
        var paths: [[Components.Schemas.RinPersonView]] = []
        var tried = 0
        for middle in middles where paths.count < Self.maxPaths && tried < Self.maxCandidates {
            tried += 1
            if let view = try await visible(middle, to: me) { paths.append([view]) }
        }
        if !paths.isEmpty { return paths }

        // Three hops: me – a link of mine who shows it – one of theirs who shows it – them.
        let theirs = Set(RinLinkStore.neighbours(in: try await RinLinkStore.links(of: [targetID], on: context.database).links)[targetID] ?? [])
        var seconds = Set<UUID>()
        for (_, others) in neighbourhood.showing { seconds.formUnion(others.filter { theirs.contains($0) }) }
        seconds.remove(userID)
        let showingSeconds = try await Self.showingConnections(among: seconds, on: context.database)
        var candidates: [(UUID, UUID)] = []
        for (first, others) in neighbourhood.showing {
            for second in others where showingSeconds.contains(second) && !neighbourhood.linked.contains(second) { candidates.append((first, second)) }
        }
        candidates.sort { $0.0 != $1.0 ? $0.0.isOrdered(before: $1.0) : $0.1.isOrdered(before: $1.1) }
        var views: [UUID: Components.Schemas.RinPersonView?] = [:]
        func cachedView(_ person: UUID) async throws -> Components.Schemas.RinPersonView? {
            if let known = views[person] { return known }
            tried += 1
            let view = try await visible(person, to: me)
            views[person] = view
            return view
        }
        for (first, second) in candidates where paths.count < Self.maxPaths && tried < Self.maxCandidates {
            guard let firstView = try await cachedView(first), let secondView = try await cachedView(second) else { continue }
            paths.append([firstView, secondView])
        }
        return paths
    }

    // MARK: - Reading

    /// The person's primary as `me` may see it; nil when its name is not for me (or a block
    /// stands between us): such a person is never shown on a path.
    private func visible(_ person: UUID, to me: RinProfile) async throws -> Components.Schemas.RinPersonView? {
        guard let profile = try await RinProfile.query(on: context.database).filter(\.$primaryUserID == person).first() else { return nil }
        do {
            return try await RinVisibility.view(of: profile, by: .profile(me), context: context)
        } catch let error as AppError where error.status == .notFound {
            return nil
        }
    }

    /// A link of mine as they let me see them; one whose name is not for me still shows, nameless
    /// (we both acted to be linked), as a card does.
    static func view(of profile: RinProfile, by me: RinProfile, context: ServiceContext) async throws -> Components.Schemas.RinPersonView {
        do {
            return try await RinVisibility.view(of: profile, by: .profile(me), context: context)
        } catch let error as AppError where error.status == .notFound {
            return Components.Schemas.RinPersonView(profileId: try profile.requireID(), fields: [], askable: [])
        }
    }

    static func showingConnections(among people: Set<UUID>, on database: any Database) async throws -> Set<UUID> {
        guard !people.isEmpty else { return [] }
        return Set(try await RinSettings.query(on: database).filter(\.$user.$id ~~ Array(people)).filter(\.$showsConnections == true)
            .all().map(\.$user.id))
    }

    static func primaries(of people: Set<UUID>, on database: any Database) async throws -> [UUID: RinProfile] {
        guard !people.isEmpty else { return [:] }
        let profiles = try await RinProfile.query(on: database).filter(\.$primaryUserID ~~ Array(people)).with(\.$photo).all()
        return Dictionary(profiles.map { ($0.$user.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
