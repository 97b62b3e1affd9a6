import Fluent
import Vapor

/// Serves a finished export's ZIP to holders of its signed link, until the export goes. Like a
/// media URL it needs no token (a browser downloads it by following the link), so the link is
/// only handed to the account it belongs to.
enum DataExportRoute {
    @Sendable static func serve(_ request: Request) async throws -> Response {
        let now = request.kindred.now
        guard let name = request.parameters.get("name"),
              let expires = request.query[Int.self, at: "expires"],
              let signature = request.query[String.self, at: "signature"],
              request.kindred.exportURLs.isValid(publicName: name, expires: expires, signature: signature, now: now)
        else { throw AppError(.forbidden, .forbidden, "This download link has expired or is not valid. Ask for your data again.") }
        guard name.hasSuffix(".zip"), let id = UUID(uuidString: String(name.dropLast(4))),
              let row = try await DataExport.find(id, on: request.db), row.status == .ready,
              let expiresAt = row.expiresAt, expiresAt > now, let key = row.storageKey,
              let response = try await request.kindred.mediaStore.response(for: key, request: request)
        else { throw AppError.notFound("data export") }
        let day = ISO8601DateFormatter.string(from: row.createdAt, timeZone: .gmt, formatOptions: [.withFullDate])
        response.headers.replaceOrAdd(name: .contentType, value: "application/zip")
        response.headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"kindred-data-\(day).zip\"")
        // Everything the account holds: no cache keeps a copy.
        response.headers.replaceOrAdd(name: .cacheControl, value: "private, no-store")
        return response
    }
}
