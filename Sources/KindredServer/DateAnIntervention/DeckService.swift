import Fluent
import Foundation
import SQLKit
import Vapor

/// Swiping: each person's deck, likes and passes, undo, reset, matches and stats.
struct DeckService {
    let context: ServiceContext
    let interventions: InterventionCatalogueCache
    private var database: any Database { context.database }

    func catalogue() async throws -> InterventionCatalogue {
        try await interventions.catalogue(on: database)
    }

    /// The person's unswiped cards in their own stable order, and how far through they are.
    func deck(for userID: UUID, category: InterventionProfile.Category?, limit: Int) async throws
        -> (cards: [InterventionProfile], remaining: Int, swiped: Int, canUndo: Bool) {
        let catalogue = try await catalogue()
        let swipes = try await Self.swipes(of: userID, on: database)
        let swiped = Set(swipes.map(\.interventionID))
        let inScope = catalogue.active.filter { category == nil || $0.category == category }
        let unswiped = Self.ordered(inScope.filter { !swiped.contains($0.id) }, for: userID)
        return (Array(unswiped.prefix(limit)), unswiped.count, inScope.count - unswiped.count, !swipes.isEmpty)
    }

    /// Swipes a card. A like or super-like is a match, which comes with its conversation's latest
    /// message: chats outlive swipes, so a match made again shows the conversation it already had.
    func swipe(_ interventionID: String, _ direction: InterventionSwipe.Direction, by userID: UUID) async throws
        -> (InterventionSwipe, InterventionProfile, lastMessage: InterventionChatMessageRecord?) {
        guard let profile = try await catalogue().activeProfile(interventionID) else { throw AppError.notFound("intervention") }
        let swipe = InterventionSwipe(userID: userID, interventionID: interventionID, direction: direction, at: context.services.now)
        do {
            try await swipe.create(on: database)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw AppError.conflict(field: "interventionId", "You already swiped \(profile.name). Undo it or reset the deck to see it again.")
        }
        let lastMessage = swipe.isMatch ? try await ChatService.latestMessage(of: userID, with: profile.id, on: database) : nil
        return (swipe, profile, lastMessage)
    }

    /// Takes back the newest swipe (each call takes back one more) and says whether any is left.
    /// Parallel undos each take back a different swipe: one counts only if its delete removed the
    /// row, and one that lost the race moves on to the next newest.
    func undo(by userID: UUID) async throws -> (InterventionSwipe, InterventionProfile, canUndo: Bool) {
        let sql = try database.sql()
        while true {
            guard let last = try await InterventionSwipe.query(on: database).filter(\.$user.$id == userID)
                .sort(\.$createdAt, .descending).sort(\.$id, .descending).first()
            else { throw AppError.notFound("swipe to undo") }
            let removed = try await sql.delete(from: InterventionSwipe.schema).where("id", .equal, last.requireID()).returning("id").all()
            guard !removed.isEmpty else { continue }
            guard let profile = try await catalogue().profile(last.interventionID) else { throw AppError.notFound("intervention") }
            let more = try await InterventionSwipe.query(on: database).filter(\.$user.$id == userID).first() != nil
            return (last, profile, more)
        }
    }

    /// Clears swipes (all, or one category's). Conversations are kept.
    func reset(for userID: UUID, category: InterventionProfile.Category?) async throws -> Int {
        let catalogue = try await catalogue()
        return try await database.writeTransaction { database in
            var query = InterventionSwipe.query(on: database).filter(\.$user.$id == userID)
            if let category {
                query = query.filter(\.$interventionID ~~ catalogue.all.filter { $0.category == category }.map(\.id))
            }
            let count = try await query.copy().count()
            try await query.delete()
            return count
        }
    }

    /// Likes and super-likes, newest first, a page at a time, with each one's latest chat message.
    /// A match whose intervention left the catalogue is left out of its page.
    func matches(for userID: UUID, page: PageRequest) async throws
        -> Page<(InterventionSwipe, InterventionProfile, lastMessage: InterventionChatMessageRecord?)> {
        let catalogue = try await catalogue()
        let likes = try await InterventionSwipe.query(on: database).filter(\.$user.$id == userID).filter(\.$direction != .pass)
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
        let latest = try await ChatService.latestMessages(of: userID, on: database)
        let items = likes.items.compactMap { swipe in
            catalogue.profile(swipe.interventionID).map { (swipe, $0, lastMessage: latest[swipe.interventionID]) }
        }
        return Page(items: items, nextCursor: likes.nextCursor)
    }

    func detail(_ interventionID: String, for userID: UUID) async throws -> (InterventionProfile, InterventionSwipe?) {
        guard let profile = try await catalogue().profile(interventionID) else { throw AppError.notFound("intervention") }
        let swipe = try await InterventionSwipe.query(on: database).filter(\.$user.$id == userID)
            .filter(\.$interventionID == interventionID).first()
        return (profile, swipe)
    }

    func stats(for userID: UUID) async throws -> InterventionSwipeTally {
        InterventionSwipeTally(catalogue: try await catalogue(), swipes: try await Self.swipes(of: userID, on: database))
    }

    /// Newest first.
    static func swipes(of userID: UUID, on database: any Database) async throws -> [InterventionSwipe] {
        try await InterventionSwipe.query(on: database).filter(\.$user.$id == userID)
            .sort(\.$createdAt, .descending).sort(\.$id, .descending).all()
    }

    /// A shuffle that is the person's own and never changes: sorted by a fixed hash of their id and
    /// the card's, so every device and every instance deals the same deck.
    static func ordered(_ cards: [InterventionProfile], for userID: UUID) -> [InterventionProfile] {
        cards.map { (Self.fnv1a("\(userID.uuidString):\($0.id)"), $0) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.id < $1.1.id }
            .map(\.1)
    }

    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}

/// How a person swipes, over the active catalogue's categories.
struct InterventionSwipeTally {
    struct Category {
        var category: InterventionProfile.Category
        var total = 0, swiped = 0, liked = 0, passed = 0
    }

    var swiped = 0, likes = 0, superLikes = 0, passes = 0
    var categories: [Category]

    init(catalogue: InterventionCatalogue, swipes: [InterventionSwipe]) {
        var byCategory = Dictionary(uniqueKeysWithValues: InterventionProfile.Category.allCases.map { ($0, Category(category: $0)) })
        for item in catalogue.active { byCategory[item.category]?.total += 1 }
        for swipe in swipes {
            guard let category = catalogue.profile(swipe.interventionID)?.category else { continue }
            swiped += 1
            byCategory[category]?.swiped += 1
            switch swipe.direction {
            case .like: likes += 1; byCategory[category]?.liked += 1
            case .superlike: superLikes += 1; byCategory[category]?.liked += 1
            case .pass: passes += 1; byCategory[category]?.passed += 1
            }
        }
        categories = InterventionProfile.Category.allCases.compactMap { byCategory[$0] }
    }

    var likePercentage: Int {
        swiped == 0 ? 0 : Int((Double(likes + superLikes) * 100 / Double(swiped)).rounded())
    }

    /// The category with the most likes; ties go to the one liked at the higher rate, then to
    /// catalogue order. None until something is liked.
    var favouriteCategory: InterventionProfile.Category? {
        let liked = categories.filter { $0.liked > 0 }
        return liked.max { a, b in
            if a.liked != b.liked { return a.liked < b.liked }
            let rateA = Double(a.liked) / Double(a.swiped), rateB = Double(b.liked) / Double(b.swiped)
            if rateA != rateB { return rateA < rateB }
            return InterventionProfile.Category.allCases.firstIndex(of: a.category)! > InterventionProfile.Category.allCases.firstIndex(of: b.category)!
        }?.category
    }
}
