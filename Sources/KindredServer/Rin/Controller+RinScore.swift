import Foundation
import KindredAPI
import RinScoring
import Vapor

// MARK: - The Rin Score

extension Controller {
    func getRinScore(_ input: Operations.GetRinScore.Input) async throws -> Operations.GetRinScore.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let answer = try await RinScoreService(context: request.context).score(of: caller.userID)
        return .ok(.init(body: .json(.init(
            official: answer.official.map { .init(value: .init($0.result), day: RinDay.text(of: $0.day), computedAt: $0.computedAt, stale: $0.isStale) },
            provisional: .init(answer.provisional),
            explanations: answer.explanations.map { .init($0) }))))
    }

    func getRinScoreHistory(_ input: Operations.GetRinScoreHistory.Input) async throws -> Operations.GetRinScoreHistory.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let days = try await RinScoreService(context: request.context).history(of: caller.userID)
        return .ok(.init(body: .json(.init(items: days.map {
            .init(day: RinDay.text(of: $0.day), score: $0.score, quality: $0.quality, position: $0.position, stability: $0.stability, trust: $0.trust)
        }))))
    }
}

extension Components.Schemas.RinScoreValue {
    init(_ result: RinScoreResult) {
        self.init(
            score: result.score, band: .init(result.band), quality: result.quality.value, position: result.position.value,
            stability: result.stability.value, trust: result.trust.value,
            parts: .init(reciprocity: result.quality.reciprocity, confidence: result.quality.confidence,
                         verifiedCoverage: result.quality.verifiedCoverage, organised: result.quality.organised,
                         links: result.quality.links, oneWay: result.quality.oneWay, centrality: result.position.centrality,
                         reach: result.position.reach, bridge: result.position.bridge, twoHop: result.position.twoHop,
                         persistence: result.stability.persistence, churn: result.stability.churn, coreTies: result.stability.coreTies,
                         penaltyPoints: result.trust.penaltyPoints))
    }
}

extension Components.Schemas.RinScoreBand {
    init(_ band: RinScoreResult.Band) {
        switch band {
        case .new: self = .new
        case .building: self = .building
        case .good: self = .good
        case .strong: self = .strong
        }
    }
}

extension Components.Schemas.RinScoreExplanation {
    init(_ explanation: RinScoreExplanation) {
        let component: Components.Schemas.RinScoreComponent = switch explanation.component {
        case .quality: .quality
        case .position: .position
        case .stability: .stability
        case .trust: .trust
        }
        self.init(component: component, value: explanation.value, summary: explanation.summary, toRaise: explanation.toRaise)
    }
}
