import KindredAPI
import KindredTestSupport
import Testing
import Vapor

extension TestKindred {
    /// The person's connect code as their QR shows it: the link, or the bare code.
    func connectCode(of user: TestUser) async throws -> Components.Schemas.InnovationEngineCode {
        let response = try await send(.GET, "/innovation-engine/code", token: user.accessToken)
        #expect(response.status == .ok, "\(response.body.string)")
        return try response.decode(Components.Schemas.InnovationEngineCode.self)
    }
}
