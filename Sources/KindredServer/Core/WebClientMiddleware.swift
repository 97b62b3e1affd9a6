import NIOConcurrencyHelpers
import Vapor

/// Serves the web client's files (`WebClientFiles`). API and media paths never reach it: looking
/// them up on every call would tax every request for nothing.
struct WebClientMiddleware: AsyncMiddleware {
    let files: WebClientFiles

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if WebClientFiles.isNeverAFile(request.url.path[...]) { return try await next.respond(to: request) }
        if let response = files.response(for: request) { return response }
        return try await next.respond(to: request)
    }
}

extension WebClientFiles {
    /// The API's paths and media's: never a file, so not looked up.
    static func isNeverAFile(_ path: Substring) -> Bool {
        path.hasPrefix("/api/") || path.hasPrefix(MediaURLSigner.mediaPathPrefix) || path.hasPrefix(MediaURLSigner.exportPathPrefix)
    }

    private static let loaded = NIOLockedValueBox<[String: WebClientFiles]>([:])

    /// The files of `directory`, read once per process: every application of a test run (and
    /// each of several in one process) shares them rather than reading and compressing them again.
    static func shared(directory: String) throws -> WebClientFiles {
        try loaded.withLockedValue { loaded in
            if let files = loaded[directory] { return files }
            let files = try WebClientFiles(directory: directory)
            loaded[directory] = files
            return files
        }
    }
}

struct WebClientFilesKey: StorageKey {
    typealias Value = WebClientFiles
}

extension Request {
    /// `index.html` as the web client is served, for a route that opens it at a deep link.
    func webClientIndex() throws -> Response {
        guard let response = application.storage[WebClientFilesKey.self]?.index(for: self) else { throw AppError.notFound("page") }
        return response
    }
}
