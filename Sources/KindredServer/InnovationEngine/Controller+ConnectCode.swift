import Foundation
import KindredAPI
import KindredQR
import OpenAPIRuntime
import Vapor

extension Controller {
    func getInnovationEngineCode(_ input: Operations.GetInnovationEngineCode.Input) async throws -> Operations.GetInnovationEngineCode.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let code = try await request.connections.currentCode(of: caller.userID)
        return .ok(.init(body: .json(try .init(code: code, publicBaseURL: request.kindred.configuration.publicBaseURL,
                                               images: request.kindred.qrImages))))
    }

    func rotateInnovationEngineCode(_ input: Operations.RotateInnovationEngineCode.Input) async throws -> Operations.RotateInnovationEngineCode.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let code = try await request.connections.rotateCode(of: caller.userID)
        return .ok(.init(body: .json(try .init(code: code.code, publicBaseURL: request.kindred.configuration.publicBaseURL,
                                               images: request.kindred.qrImages))))
    }

    func previewInnovationEngineCode(_ input: Operations.PreviewInnovationEngineCode.Input) async throws -> Operations.PreviewInnovationEngineCode.Output {
        let request = try request
        // A token is optional here: the code is the permission, and a shared link should say whose
        // it is before its visitor has an account. A token that is sent must be valid.
        let caller = request.headers.bearerAuthorization == nil ? nil : try await Caller.require(request)
        let preview = try await request.connections.preview(code: input.path.code, by: caller?.userID)
        return .ok(.init(body: .json(.init(person: try request.profile(of: preview.person), connected: preview.connected))))
    }

    func getInnovationEngineCodePNG(_ input: Operations.GetInnovationEngineCodePNG.Input) async throws -> Operations.GetInnovationEngineCodePNG.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let code = try await request.connections.code(of: caller.userID)
        let link = ConnectLink.link(for: code.code, publicBaseURL: request.kindred.configuration.publicBaseURL)
        let png = try QRCode(encoding: link, errorCorrection: .medium).png(scale: input.query.scale ?? 10)
        return .ok(.init(body: .png(HTTPBody(png))))
    }
}

extension Components.Schemas.InnovationEngineCode {
    init(code: String, publicBaseURL: String, images: QRImages) throws {
        let link = ConnectLink.link(for: code, publicBaseURL: publicBaseURL)
        self.init(link: link, code: code, svg: try images.svg(of: link))
    }
}
