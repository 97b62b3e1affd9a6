import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KindredSDK
import KindredTestSupport
@testable import KindredServer
import Testing

@Suite("Download my data through the SDK")
struct DataExportSessionTests {
    @Test func askFollowAndDownload() async throws {
        try await withKindred(running: true) { kindred in
            let phone = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore(),
                                       retryPolicy: .init(baseDelay: .milliseconds(5)))
            _ = try await phone.signUp(email: "sdk-export@example.com", password: "first password", username: "sdk_export")
            #expect(try await phone.dataExport() == nil)
            let started = try await phone.requestDataExport()
            #expect(started.status == .building)
            var export = started
            for _ in 0..<500 where export.status == .building {
                try await Task.sleep(for: .milliseconds(20))
                export = try #require(try await phone.dataExport())
            }
            #expect(export.id == started.id && export.status == .ready && export.done == export.total)
            // The link is absolute, on this server, and opens without a token, as a browser would.
            let url = try #require(phone.downloadURL(of: export))
            #expect(url.host == kindred.baseURL?.host && url.path.hasPrefix("/data-exports/"))
            let (bytes, response) = try await URLSession.shared.data(from: url)
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(Int64(bytes.count) == export.byteCount)
            #expect(bytes.prefix(2) == Data("PK".utf8), "a ZIP")
        }
    }
}
