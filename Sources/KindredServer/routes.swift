import KindredAPI
import OpenAPIVapor
import Vapor

func routes(_ app: Application) throws {
    let transport = VaporTransport(routesBuilder: app)
    try Controller().registerHandlers(on: transport, serverURL: Servers.Server1.url(), middlewares: [BodyLimitMiddleware()])

    // Outside the generated contract: these stream bytes or upgrade the connection.
    app.get("media-files", ":key", use: MediaFilesRoute.serve)
    // A connect link opened by any phone's camera: the web client takes it from there.
    app.get("c", ":id") { request in
        try await request.fileio.asyncStreamFile(at: request.kindred.configuration.publicDirectory + "/index.html")
    }
    app.get("api", "v1", "realtime") { request in
        let caller = try await RealtimeService(request: request).redeem(request.query["ticket"] ?? "")
        return RealtimeService(request: request).open(for: caller)
    }
}
