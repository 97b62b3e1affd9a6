import CompressNIO
import Foundation
import KindredTestSupport
import NIOCore
import Testing
import Vapor
import VaporTesting
@testable import KindredServer

/// The web client's files as browsers get them: the page revalidated each visit, everything it
/// loads under a versioned prefix kept for a year, text gzipped for clients that take it.
@Suite("Web client files: versioned, cached, gzipped")
struct WebClientFilesTests {
    static func disk(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestKindred.repositoryRoot + "/Public" + path)))
    }

    static func version(of index: String) throws -> String {
        let marker = try #require(index.range(of: "src=\"/static/"))
        return String(index[marker.upperBound...].prefix { $0 != "/" })
    }

    @Test func thePageNamesItsFilesUnderTheVersionAndIsRevalidated() async throws {
        try await withKindred { kindred in
            let page = try await kindred.app.testing().sendRequest(.GET, "/")
            #expect(page.status == .ok)
            #expect(page.headers.first(name: .cacheControl) == "no-cache")
            #expect(page.headers.first(name: .contentType)?.hasPrefix("text/html") == true)
            let index = page.body.string
            let version = try Self.version(of: index)
            #expect(version.count == 12 && index.contains("href=\"/static/\(version)/css/kindred.css\""))
            #expect(index.contains("src=\"/static/\(version)/js/main.js\""))
            let tag = try #require(page.headers.first(name: .eTag))
            #expect(tag.hasPrefix("\"") && !tag.hasPrefix("W/"), "a strong tag")

            // The same page again, with its tag: 304 and no body. Another tag: the page.
            let again = try await kindred.app.testing().sendRequest(.GET, "/index.html", headers: ["If-None-Match": "\"other\", \(tag)"])
            #expect(again.status == .notModified && again.body.readableBytes == 0)
            #expect(try await kindred.app.testing().sendRequest(.GET, "/", headers: ["If-None-Match": "\"other\""]).status == .ok)
            // It names the modules the first screen loads at once (each a file served under the
            // version, no repeats): main.js and what it imports down to the leaves. The apps load
            // when opened, so none of theirs is named, nor their stylesheets.
            let preloads = index.components(separatedBy: "<link rel=\"modulepreload\" href=\"").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            #expect(Set(preloads).count == preloads.count)
            for module in ["/js/main.js", "/js/app-loader.js", "/js/apps.js", "/js/pages/home.js", "/js/dom.js"] {
                #expect(preloads.contains("/static/\(version)\(module)"), "\(module)")
            }
            #expect(!preloads.contains { $0.contains("/js/apps/") }, "no app's modules")
            for href in preloads {
                #expect(try await kindred.app.testing().sendRequest(.GET, href).status == .ok, "\(href)")
            }
            #expect(!index.contains("as=\"style\""), "no app's stylesheet")
            // Each app's own modules are listed as data, for the client to preload as the app opens:
            // its entry first, down to the leaves, and none of the shell's.
            let listed = try #require(index.components(separatedBy: "<script type=\"application/json\" id=\"app-modules\">").dropFirst()
                .first?.components(separatedBy: "</script>").first)
            let apps = try JSONDecoder().decode([String: [String]].self, from: Data(listed.utf8))
            #expect(Set(apps.keys) == ["innovation-engine", "date-an-intervention", "kinnect", "rin", "memories"])
            let kinnect = try #require(apps["kinnect"])
            #expect(kinnect.first == "/static/\(version)/js/apps/kinnect/index.js")
            #expect(kinnect.contains("/static/\(version)/js/apps/kinnect/post-view.js"))
            #expect(apps.values.allSatisfy { modules in modules.allSatisfy { !preloads.contains($0) } }, "nothing the shell loads")
            #expect(try await kindred.app.testing().sendRequest(.GET, kinnect[kinnect.count - 1]).status == .ok)
            // A deep link's route answers the same page.
            let deep = try await kindred.app.testing().sendRequest(.GET, "/c/some-code")
            #expect(deep.status == .ok && deep.body.string == index)
        }
    }

    @Test func versionedFilesAreKeptForAYearAndSentGzipped() async throws {
        try await withKindred { kindred in
            let version = try Self.version(of: try await kindred.app.testing().sendRequest(.GET, "/").body.string)
            let original = try Self.disk("/js/main.js")
            let zipped = try await kindred.app.testing().sendRequest(.GET, "/static/\(version)/js/main.js",
                                                                     headers: ["Accept-Encoding": "gzip, deflate, br"])
            #expect(zipped.status == .ok)
            #expect(zipped.headers.first(name: .cacheControl) == "public, max-age=31536000, immutable")
            #expect(zipped.headers.first(name: .contentEncoding) == "gzip" && zipped.headers.first(name: .vary) == "Accept-Encoding")
            #expect(zipped.headers.first(name: .contentType)?.contains("javascript") == true)
            var packed = zipped.body
            #expect(packed.readableBytes < original.count)
            let unpacked = try packed.decompress(with: .gzip)
            #expect(Array(unpacked.readableBytesView) == original)

            // A client that does not take gzip (or refuses it) gets the bytes as they are.
            for headers: HTTPHeaders in [[:], ["Accept-Encoding": "gzip;q=0, identity"]] {
                let plain = try await kindred.app.testing().sendRequest(.GET, "/static/\(version)/js/main.js", headers: headers)
                #expect(plain.headers.first(name: .contentEncoding) == nil && Array(plain.body.readableBytesView) == original)
                #expect(plain.headers.first(name: .eTag) != zipped.headers.first(name: .eTag), "each encoding has its own tag")
            }
            // An older version's URL gets today's file, revalidated, never kept.
            let old = try await kindred.app.testing().sendRequest(.GET, "/static/000000000000/js/main.js")
            #expect(old.status == .ok && old.headers.first(name: .cacheControl) == "no-cache")
            // The file's own path too (the service worker's way).
            let own = try await kindred.app.testing().sendRequest(.GET, "/service-worker.js")
            #expect(own.status == .ok && own.headers.first(name: .cacheControl) == "no-cache")
            #expect(Array(own.body.readableBytesView) == (try Self.disk("/service-worker.js")))
            // HEAD: the same answer's headers (Vapor's server drops the body on the wire).
            let head = try await kindred.app.testing().sendRequest(.HEAD, "/static/\(version)/css/kindred.css")
            let get = try await kindred.app.testing().sendRequest(.GET, "/static/\(version)/css/kindred.css")
            #expect(head.status == .ok && head.headers.first(name: .eTag) == get.headers.first(name: .eTag))
        }
    }

    @Test func nothingOutsideTheFilesIsServed() async throws {
        try await withKindred { kindred in
            let version = try Self.version(of: try await kindred.app.testing().sendRequest(.GET, "/").body.string)
            for path in ["/js/nowhere.js", "/static/\(version)/../Package.swift", "/static/\(version)", "/static/",
                         "/%2e%2e/Package.swift", "/../Package.swift", "/static/\(version)/index.html/.."] {
                let response = try await kindred.app.testing().sendRequest(.GET, path)
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.body.string.contains("swift-tools-version"), "\(path)")
            }
            // A POST to a file's path is no read of it.
            #expect(try await kindred.app.testing().sendRequest(.POST, "/js/main.js").status == .notFound)
        }
    }
}
