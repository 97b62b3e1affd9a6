import Vapor

/// Serves the web client's files from `Public/`. API and media paths never touch the file system
/// here: asking the disk about `/api/...` on every call would tax every request for nothing.
struct WebClientMiddleware: AsyncMiddleware {
    let files: FileMiddleware

    init(publicDirectory: String) {
        files = FileMiddleware(publicDirectory: publicDirectory, defaultFile: "index.html")
    }

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let path = request.url.path
        if path.hasPrefix("/api/") || path.hasPrefix(MediaURLSigner.mediaPathPrefix) || path.hasPrefix(MediaURLSigner.exportPathPrefix) {
            return try await next.respond(to: request)
        }
        return try await files.respond(to: request, chainingTo: next)
    }
}
