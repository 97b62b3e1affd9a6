import Fluent
import Vapor

/// Serves media bytes to holders of a valid signed URL. No token is needed, which is what lets an
/// `<img>` tag load them; an expired or altered URL gets 403.
enum MediaFilesRoute {
    @Sendable static func serve(_ request: Request) async throws -> Response {
        guard let name = request.parameters.get("key"),
              let expires = request.query[Int.self, at: "expires"],
              let signature = request.query[String.self, at: "signature"],
              request.kindred.mediaURLs.isValid(publicName: name, expires: expires, signature: signature, now: request.kindred.now)
        else { throw AppError(.forbidden, .forbidden, "This media link has expired or is not valid. Reload to get a fresh one.") }
        // The signed name holds the media id; the file's storage key stays on the server.
        guard let id = UUID(uuidString: String(name.prefix { $0 != "." })),
              let item = try await MediaItem.find(id, on: request.db), try item.publicName() == name,
              let response = try await request.kindred.mediaStore.response(for: item.storageKey, request: request)
        else { throw AppError.notFound("media") }
        // The URL carries its own expiry, so the browser may keep the bytes until then.
        let maxAge = max(0, expires - Int(request.kindred.now.timeIntervalSince1970))
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, max-age=\(maxAge), immutable")
        return response
    }
}
