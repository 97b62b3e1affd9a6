import Foundation
import KindredAPI
import Vapor

// MARK: - Disputes

extension Controller {
    func createRinDispute(_ input: Operations.CreateRinDispute.Input) async throws -> Operations.CreateRinDispute.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let service = RinDisputeService(context: request.context)
        let dispute = try await service.open(against: input.path.profileId,
                                             .init(fieldKey: body.fieldKey, statement: body.statement, evidence: body.evidence ?? []),
                                             actingAs: input.query.actingProfileId, by: caller.userID)
        return .created(.init(body: .json(try await service.dto(dispute, role: .claimant))))
    }

    func getRinDispute(_ input: Operations.GetRinDispute.Input) async throws -> Operations.GetRinDispute.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = RinDisputeService(context: request.context)
        let (dispute, role) = try await service.dispute(input.path.disputeId, by: caller.userID)
        return .ok(.init(body: .json(try await service.dto(dispute, role: role))))
    }

    func answerRinDispute(_ input: Operations.AnswerRinDispute.Input) async throws -> Operations.AnswerRinDispute.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let answer: RinDisputeService.Answer = switch body.action {
        case .correct: .correct(body.value)
        case .remove: .remove
        case .keep: .keep(body.statement)
        }
        let service = RinDisputeService(context: request.context)
        let dispute = try await service.answer(input.path.disputeId, answer, by: caller.userID)
        return .ok(.init(body: .json(try await service.dto(dispute, role: .subject))))
    }

    func withdrawRinDispute(_ input: Operations.WithdrawRinDispute.Input) async throws -> Operations.WithdrawRinDispute.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = RinDisputeService(context: request.context)
        let dispute = try await service.withdraw(input.path.disputeId, by: caller.userID)
        return .ok(.init(body: .json(try await service.dto(dispute, role: .claimant))))
    }
}
