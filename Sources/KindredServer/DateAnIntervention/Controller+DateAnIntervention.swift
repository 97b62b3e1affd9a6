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

    func getDeck(_ input: Operations.GetDeck.Input) async throws -> Operations.GetDeck.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let limit = input.query.limit ?? 10
        guard (1...100).contains(limit) else { throw AppError.validation(field: "limit", "limit is from 1 to 100.") }
        let deck = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions)
            .deck(for: caller.userID, category: input.query.category.map(InterventionProfile.Category.init), limit: limit)
        return .ok(.init(body: .json(.init(cards: deck.cards.map(\.dto), remaining: deck.remaining, swiped: deck.swiped, canUndo: deck.canUndo))))
    }

    func resetDeck(_ input: Operations.ResetDeck.Input) async throws -> Operations.ResetDeck.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let category = body.category
        let cleared = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).reset(for: caller.userID, category: category.map(InterventionProfile.Category.init))
        return .ok(.init(body: .json(.init(cleared: cleared))))
    }

    func swipe(_ input: Operations.Swipe.Input) async throws -> Operations.Swipe.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let (swipe, profile) = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions)
            .swipe(body.interventionId, Swipe.Direction(body.direction), by: caller.userID)
        // Chats outlive swipes, so a match made again shows the conversation it already had.
        let lastMessage = swipe.isMatch ? try await ChatService.latestMessage(of: caller.userID, with: profile.id, on: request.db) : nil
        return .created(.init(body: .json(.init(
            interventionId: profile.id, direction: swipe.direction.dto, swipedAt: swipe.createdAt,
            match: swipe.isMatch ? try matchDTO(swipe, profile, lastMessage: lastMessage) : nil))))
    }

    func undoSwipe(_ input: Operations.UndoSwipe.Input) async throws -> Operations.UndoSwipe.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let (swipe, profile, canUndo) = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).undo(by: caller.userID)
        return .ok(.init(body: .json(.init(intervention: profile.dto, direction: swipe.direction.dto, canUndo: canUndo))))
    }

    func listMatches(_ input: Operations.ListMatches.Input) async throws -> Operations.ListMatches.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let matches = try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).matches(for: caller.userID)
        return .ok(.init(body: .json(.init(matches: try matches.map { try matchDTO($0.0, $0.1, lastMessage: $0.2) }))))
    }

    func getSwipeStats(_ input: Operations.GetSwipeStats.Input) async throws -> Operations.GetSwipeStats.Output {
        let request = try request
        let caller = try await Caller.require(request)
        return .ok(.init(body: .json(try await DeckService(context: request.context, interventions: request.dateAnIntervention.interventions).stats(for: caller.userID).dto)))
    }
}
