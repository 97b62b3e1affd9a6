import Foundation
import KindredAPI
import Vapor

extension Controller {
    func listInterventions(_ input: Operations.ListInterventions.Input) async throws -> Operations.ListInterventions.Output {
        let request = try request
        _ = try await Caller.require(request)
        let catalogue = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).catalogue()
        let category = input.query.category.map(InterventionProfile.Category.init)
        let active = catalogue.active
        return .ok(.init(body: .json(.init(
            version: catalogue.version,
            categories: InterventionProfile.Category.allCases.map { category in
                .init(id: category.dto, name: category.name, count: active.count { $0.category == category })
            },
            interventions: active.filter { category == nil || $0.category == category }.map(\.dto)))))
    }

    func getIntervention(_ input: Operations.GetIntervention.Input) async throws -> Operations.GetIntervention.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (profile, swipe) = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).detail(input.path.interventionId, for: caller.userID)
        return .ok(.init(body: .json(.init(intervention: profile.dto, swipe: swipe?.direction.dto, swipedAt: swipe?.createdAt))))
    }

    func getInterventionDeck(_ input: Operations.GetInterventionDeck.Input) async throws -> Operations.GetInterventionDeck.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let limit = input.query.limit ?? 10
        guard (1...100).contains(limit) else { throw AppError.validation(field: "limit", "limit is from 1 to 100.") }
        let deck = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions)
            .deck(for: caller.userID, category: input.query.category.map(InterventionProfile.Category.init), limit: limit)
        return .ok(.init(body: .json(.init(cards: deck.cards.map(\.dto), remaining: deck.remaining, swiped: deck.swiped, canUndo: deck.canUndo))))
    }

    func resetInterventionDeck(_ input: Operations.ResetInterventionDeck.Input) async throws -> Operations.ResetInterventionDeck.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let category = body.category
        let cleared = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).reset(for: caller.userID, category: category.map(InterventionProfile.Category.init))
        return .ok(.init(body: .json(.init(cleared: cleared))))
    }

    func swipeIntervention(_ input: Operations.SwipeIntervention.Input) async throws -> Operations.SwipeIntervention.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (swipe, profile, lastMessage) = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions)
            .swipe(body.interventionId, InterventionSwipe.Direction(body.direction), by: caller.userID)
        return .created(.init(body: .json(.init(
            interventionId: profile.id, direction: swipe.direction.dto, swipedAt: swipe.createdAt,
            match: swipe.isMatch ? try matchDTO(swipe, profile, lastMessage: lastMessage) : nil))))
    }

    func undoInterventionSwipe(_ input: Operations.UndoInterventionSwipe.Input) async throws -> Operations.UndoInterventionSwipe.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (swipe, profile, canUndo) = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).undo(by: caller.userID)
        return .ok(.init(body: .json(.init(intervention: profile.dto, direction: swipe.direction.dto, canUndo: canUndo))))
    }

    func listInterventionMatches(_ input: Operations.ListInterventionMatches.Input) async throws -> Operations.ListInterventionMatches.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try PageRequest(limit: input.query.limit, cursor: input.query.cursor)
        let matches = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions)
            .matches(for: caller.userID, page: page).map { try matchDTO($0.0, $0.1, lastMessage: $0.lastMessage) }
        return .ok(.init(body: .json(.init(items: matches.items, nextCursor: matches.nextCursor))))
    }

    func getInterventionSwipeStats(_ input: Operations.GetInterventionSwipeStats.Input) async throws -> Operations.GetInterventionSwipeStats.Output {
        let request = try request
        let caller = try await Caller.require(request)
        return .ok(.init(body: .json(try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).stats(for: caller.userID).dto)))
    }
}
