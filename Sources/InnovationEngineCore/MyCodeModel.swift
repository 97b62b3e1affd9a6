import Foundation
import KindredQR
import KindredSDK
import Observation

/// "My QR": my connect link, drawn locally so the code appears as soon as the link is known.
@MainActor @Observable
public final class MyCodeModel {
    public private(set) var link: String?
    public private(set) var code: QRCode?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        await show { try await self.session.myConnectCode() }
    }

    /// A new code: the old QR code and links stop working at once.
    public func rotate() async {
        await show { try await self.session.rotateConnectCode() }
    }

    private func show(_ fetch: () async throws -> ConnectCode) async {
        do {
            let link = try await fetch().link
            self.link = link
            code = try QRCode(encoding: link, errorCorrection: .medium)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// The PNG to save or share.
    public func png(scale: Int = 10) -> [UInt8]? {
        code?.png(scale: scale)
    }
}
