import Crypto
import Foundation
import Prometheus
import Vapor

/// What an operator scrapes from `/metrics` (Prometheus' text format): requests by route and
/// status with their latencies, requests in flight, realtime sockets open here, the database
/// pool (`DatabasePoolGauge`), scheduled job runs and push deliveries. The gauges are read at
/// each scrape from what already counts them (`RequestsInFlight`, `RealtimeHub`, the database),
/// not kept a second time. One registry per application, not swift-metrics' process-wide
/// bootstrap: every test builds its own application, and each must count only its own requests.
///
/// Labels are bounded so no client can grow the registry: a route is its pattern
/// (`/api/v1/posts/:id`), never the path it was called with, and an unmatched one is `unmatched`;
/// a method outside HTTP's usual few is `other`.
final class KindredMetrics: Sendable {
    let registry: PrometheusCollectorRegistry
    let requestsInFlight: Gauge
    let realtimeConnections: Gauge
    let databaseUp: Gauge
    let databaseProbe: Gauge
    let databasePoolCapacity: Gauge

    /// Prometheus' usual latency buckets, from 5 ms to 10 s.
    static let latencyBuckets: [Duration] = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000].map { .milliseconds($0) }
    private static let methods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    // Descriptors are made where used: Prometheus' type is not `Sendable`, so it cannot be kept.
    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kindred", subsystem: "http", metricName: "requests", unitName: "total",
                             helpText: "Requests answered, by method, route pattern and status.")
    }
    private static var latency: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kindred", subsystem: "http", metricName: "request_duration",
                             unitName: "seconds", helpText: "Time from a request's head to its response.")
    }
    private static var jobRuns: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kindred", subsystem: "job", metricName: "runs", unitName: "total",
                             helpText: "Scheduled job runs this instance worked, by job and outcome.")
    }
    private static var jobDuration: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kindred", subsystem: "job", metricName: "run_duration",
                             unitName: "seconds", helpText: "How long this instance's job runs took.")
    }

    private static var databaseConnections: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kindred", subsystem: "database", metricName: "connections", unitName: "",
                             helpText: "This instance's PostgreSQL connections by state, from pg_stat_activity (the scrape holds one).")
    }

    private static var pushes: MetricNameDescriptor {
        MetricNameDescriptor(namespace: "kindred", subsystem: "push", metricName: "deliveries", unitName: "total",
                             helpText: "Push messages this instance sent, by outcome (delivered, gone, retry, refused, given_up).")
    }

    init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        func gauge(_ subsystem: String, _ name: String, unit: String = "", _ help: String) -> Gauge {
            registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "kindred", subsystem: subsystem, metricName: name,
                                                                unitName: unit, helpText: help))
        }
        requestsInFlight = gauge("http", "requests_in_flight", "Requests being answered now.")
        realtimeConnections = gauge("realtime", "connections", "Realtime WebSockets open on this instance.")
        databaseUp = gauge("database", "up", "Whether the scrape's probe got a connection and an answer (1) or not (0).")
        databaseProbe = gauge("database", "probe", unit: "seconds",
                              "Time to take a pooled connection and run SELECT 1: grows when every connection is busy.")
        databasePoolCapacity = gauge("database", "pool_max_connections", "Connections this instance's pool may open.")
    }

    /// Sets the database gauges from one scrape's sample.
    func record(_ sample: DatabasePoolGauge.Sample, of gauge: DatabasePoolGauge) {
        databasePoolCapacity.set(Int64(gauge.capacity))
        databaseUp.set(Int64(sample.up ? 1 : 0))
        if let seconds = sample.probeSeconds { databaseProbe.set(seconds) }
        guard gauge.applicationName != nil, sample.up else { return }
        for state in DatabasePoolGauge.states {
            registry.makeGauge(descriptor: Self.databaseConnections, labels: [("state", state)]).set(Int64(sample.connections[state] ?? 0))
        }
    }

    func recordRequest(method: HTTPMethod, route: String?, status: HTTPResponseStatus, duration: Duration) {
        let method = Self.methods.contains(method.rawValue) ? method.rawValue : "other"
        let route = route ?? "unmatched"
        registry.makeCounter(descriptor: Self.requests, labels: [("method", method), ("route", route), ("status", String(status.code))])
            .increment()
        registry.makeDurationHistogram(descriptor: Self.latency, labels: [("method", method), ("route", route)],
                                       buckets: Self.latencyBuckets).record(duration)
    }

    /// `outcome` is `finished` or `failed`.
    func recordJobRun(_ job: String, outcome: String, duration: Duration) {
        registry.makeCounter(descriptor: Self.jobRuns, labels: [("job", job), ("outcome", outcome)]).increment()
        registry.makeDurationHistogram(descriptor: Self.jobDuration, labels: [("job", job)],
                                       buckets: [.seconds(1), .seconds(10), .seconds(60), .seconds(600), .seconds(3600)]).record(duration)
    }

    func recordPushes(_ count: Int, outcome: String) {
        guard count > 0 else { return }
        registry.makeCounter(descriptor: Self.pushes, labels: [("outcome", outcome)]).increment(by: Int64(count))
    }

    func render() -> [UInt8] { registry.emitToBuffer() }
}

/// Times each request from its head to its response and counts it by route and status; an error
/// is counted with the status it will be answered with.
struct MetricsMiddleware: AsyncMiddleware {
    let metrics: KindredMetrics

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let clock = ContinuousClock(), start = clock.now
        do {
            let response = try await next.respond(to: request)
            metrics.recordRequest(method: request.method, route: Self.route(of: request), status: response.status,
                                  duration: clock.now - start)
            return response
        } catch {
            let status = (error as? any AbortError)?.status ?? .internalServerError
            metrics.recordRequest(method: request.method, route: Self.route(of: request), status: status, duration: clock.now - start)
            throw error
        }
    }

    /// The matched route's pattern, `/`-joined (`:id` for a parameter), or nil.
    static func route(of request: Request) -> String? {
        guard let route = request.route else { return nil }
        return "/" + route.path.map(\.description).joined(separator: "/")
    }
}

struct DatabasePoolGaugeKey: StorageKey {
    typealias Value = DatabasePoolGauge
}

/// `GET /metrics`: only with `KINDRED_METRICS_TOKEN` set, and only for a request bearing it;
/// without one configured the path does not exist (404), like any other.
enum MetricsRoute {
    static func register(_ app: Application, token: String?) {
        guard let token, !token.isEmpty else { return }
        let metrics = app.kindred.metrics, hub = app.kindred.hub
        let requests = app.storage[RequestsInFlightKey.self]
        let pool = app.storage[DatabasePoolGaugeKey.self]
        // Digests compared, not the tokens: `SHA256Digest`'s `==` takes the same time wherever
        // two differ, and a digest's length says nothing about the token's.
        let expected = SHA256.hash(data: Array(token.utf8))
        app.get("metrics") { request async throws -> Response in
            let offered = SHA256.hash(data: Array((request.headers.bearerAuthorization?.token ?? "").utf8))
            guard offered == expected else {
                throw AppError(.unauthenticated, .unauthorized, "The metrics need the operator's token.",
                               headers: ["WWW-Authenticate": "Bearer realm=\"metrics\""])
            }
            metrics.requestsInFlight.set(Int64(requests?.current ?? 0))
            metrics.realtimeConnections.set(Int64(await hub.connectionCount))
            if let pool { metrics.record(await pool.sample(on: request.db), of: pool) }
            var headers = HTTPHeaders()
            headers.contentType = HTTPMediaType(type: "text", subType: "plain", parameters: ["version": "0.0.4", "charset": "utf-8"])
            headers.cacheControl = .init(noStore: true)
            return Response(status: .ok, headers: headers, body: .init(data: Data(metrics.render())))
        }
    }
}
