import KindredAPI
import OpenAPIVapor
import Vapor

func routes(_ app: Application) throws {
    let transport = VaporTransport(routesBuilder: app)
    let contract = app.kindred.contract
    // Outermost first: who is asking, then how big the body may be, then what the contract bounds.
    try Controller().registerHandlers(on: transport, serverURL: Servers.Server1.url(), configuration: .init(dateTranscoder: ContractDates(), jsonEncodingOptions: .kindred), middlewares: [
        AuthenticationMiddleware(contract: contract), BodyLimitMiddleware(), ContractBoundsMiddleware(contract: contract),
    ])
    registerMethodNotAllowed(app, contract: contract)

    // Outside the generated contract: these stream bytes or upgrade the connection.
    app.get("media-files", ":key", use: MediaFilesRoute.serve)
    app.get("data-exports", ":name", use: DataExportRoute.serve)
    for kindredApp in KindredApps.all { try kindredApp.routes(app) }
    app.get("api", "v1", "realtime") { request in
        let caller = try await RealtimeService(context: request.context).redeem(request.query["ticket"] ?? "")
        return RealtimeService.open(request, for: caller)
    }
}

/// A method the contract doesn't list for a path it has is a 405 naming the ones it does, not a
/// 404 that says the path isn't there.
private func registerMethodNotAllowed(_ app: Application, contract: Contract) {
    let methods: [HTTPMethod] = [.GET, .POST, .PUT, .PATCH, .DELETE, .TRACE, .RAW(value: "QUERY")]
    for (path, allowed) in contract.methodsByPath {
        let components = (contract.basePath + path).split(separator: "/").map { part -> PathComponent in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .constant(String(part))
        }
        let allow = allowed.joined(separator: ", ")
        for method in methods where !allowed.contains(method.rawValue) {
            app.on(method, components, body: .stream) { _ -> Response in
                throw AppError(.methodNotAllowed, .methodNotAllowed, "This path answers \(allow).", headers: ["Allow": allow])
            }
        }
        // OPTIONS asks which methods there are: the answer is the same list, without an error.
        app.on(.OPTIONS, components, body: .stream) { _ -> Response in
            Response(status: .noContent, headers: ["Allow": allow + ", OPTIONS"])
        }
    }
}
