import Foundation
import KindredAPI
import KindredQR
import OpenAPIRuntime
import Vapor

extension Controller {
    func getMyConnectCode(_ input: Operations.GetMyConnectCode.Input) async throws -> Operations.GetMyConnectCode.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let link = ConnectCode.link(for: caller.userID, publicBaseURL: request.kindred.configuration.publicBaseURL)
        let code = try QRCode(encoding: link, errorCorrection: .medium)
        return .ok(.init(body: .json(.init(link: link, svg: code.svg(scale: 8)))))
    }

    func getMyConnectCodePNG(_ input: Operations.GetMyConnectCodePNG.Input) async throws -> Operations.GetMyConnectCodePNG.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let link = ConnectCode.link(for: caller.userID, publicBaseURL: request.kindred.configuration.publicBaseURL)
        let png = try QRCode(encoding: link, errorCorrection: .medium).png(scale: input.query.scale ?? 10)
        return .ok(.init(body: .png(HTTPBody(png))))
    }
}
