import Foundation
import KindredAPI
import Vapor

// "Download my data".
extension Controller {
    func getDataExport(_ input: Operations.GetDataExport.Input) async throws -> Operations.GetDataExport.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = DataExportService(context: request.context)
        return .ok(.init(body: .json(try service.dto(try await service.latest(of: caller.userID)))))
    }

    func requestDataExport(_ input: Operations.RequestDataExport.Input) async throws -> Operations.RequestDataExport.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = DataExportService(context: request.context)
        let (row, isNew) = try await service.request(by: caller.userID)
        request.application.dataExports.start(try row.requireID(), context: request.application.context)
        let body = try service.dto(row)
        return isNew ? .accepted(.init(body: .json(body))) : .ok(.init(body: .json(body)))
    }
}
