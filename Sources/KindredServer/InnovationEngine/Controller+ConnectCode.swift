import Foundation
import KindredAPI
import KindredQR
import OpenAPIRuntime
import Vapor

extension Controller {
    func getMyConnectCode(_ input: Operations.GetMyConnectCode.Input) async throws -> Operations.GetMyConnectCode.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let code = try await request.connections.code(of: caller.userID)
        return .ok(.init(body: .json(try code.dto(publicBaseURL: request.kindred.configuration.publicBaseURL))))
    }

    func rotateMyConnectCode(_ input: Operations.RotateMyConnectCode.Input) async throws -> Operations.RotateMyConnectCode.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let code = try await request.connections.rotateCode(of: caller.userID)
        return .ok(.init(body: .json(try code.dto(publicBaseURL: request.kindred.configuration.publicBaseURL))))
    }

    func previewConnectCode(_ input: Operations.PreviewConnectCode.Input) async throws -> Operations.PreviewConnectCode.Output {
        let request = try request
        // A token is optional here: the code is the permission, and a shared link should say whose
        // it is before its visitor has an account. A token that is sent must be valid.
        let caller = request.headers.bearerAuthorization == nil ? nil : try await Caller.require(request)
        let preview = try await request.connections.preview(code: input.path.code, by: caller?.userID)
        return .ok(.init(body: .json(.init(person: try request.profile(of: preview.person), connected: preview.connected))))
    }

    func getMyConnectCodePNG(_ input: Operations.GetMyConnectCodePNG.Input) async throws -> Operations.GetMyConnectCodePNG.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let code = try await request.connections.code(of: caller.userID)
        let link = ConnectLink.link(for: code.code, publicBaseURL: request.kindred.configuration.publicBaseURL)
        let png = try QRCode(encoding: link, errorCorrection: .medium).png(scale: input.query.scale ?? 10)
        return .ok(.init(body: .png(HTTPBody(png))))
    }
}

extension InnovationEngineConnectCode {
    func dto(publicBaseURL: String) throws -> Components.Schemas.ConnectCode {
        let link = ConnectLink.link(for: code, publicBaseURL: publicBaseURL)
        return .init(link: link, code: code, svg: try QRCode(encoding: link, errorCorrection: .medium).svg(scale: 8))
    }
}
