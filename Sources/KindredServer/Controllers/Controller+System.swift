import Foundation
import KindredAPI
import SQLKit
import Vapor

extension Controller {
    /// Public on purpose: load balancers ask it. It says only whether the database answers.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        let request = try request
        if let sql = request.db as? any SQLDatabase {
            do { try await sql.raw("SELECT 1").run() } catch {
                throw AppError(.unavailable, .serviceUnavailable, "The database is not answering.")
            }
        }
        return .ok(.init(body: .json(.init(status: "ok"))))
    }

    func createRealtimeTicket(_ input: Operations.CreateRealtimeTicket.Input) async throws -> Operations.CreateRealtimeTicket.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let issued = try await RealtimeService(context: request.context).issueTicket(for: caller)
        return .created(.init(body: .json(.init(
            ticket: issued.ticket, expiresAt: issued.expiresAt,
            path: "/api/v1/realtime?ticket=" + issued.ticket))))
    }
}
