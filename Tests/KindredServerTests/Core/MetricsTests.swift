import Foundation
import KindredTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor
@testable import KindredServer

/// `GET /metrics` is an operator's: absent without a configured token, refused without that token,
/// and in Prometheus' text format with it. Its labels are bounded: route patterns, never paths.
@Suite("Metrics: Prometheus at /metrics, behind the operator's token, with bounded labels")
struct MetricsTests {
    static let token = "metrics-token-" + String(repeating: "x", count: 16)

    static func scrape(_ kindred: TestKindred) async throws -> String {
        let response = try await kindred.app.testing().sendRequest(.GET, "/metrics", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(response.status == .ok, "\(response.body.string)")
        #expect(response.headers.contentType?.description.hasPrefix("text/plain") == true)
        #expect(response.headers.first(name: .cacheControl)?.contains("no-store") == true)
        return response.body.string
    }

    /// The value of the sample line `series` (name and labels exactly as Prometheus writes them).
    static func value(_ series: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func withoutATokenConfiguredThereIsNoSuchPath() async throws {
        try await withKindred { kindred in
            let response = try await kindred.app.testing().sendRequest(.GET, "/metrics", headers: ["Authorization": "Bearer \(Self.token)"])
            #expect(response.status == .notFound)
            #expect(response.headers.contentType?.description.hasPrefix("application/problem+json") == true)
        }
        #expect(throws: KindredConfiguration.Invalid.self) {
            try KindredConfiguration.fromEnvironment(["KINDRED_METRICS_TOKEN": "short"], isProduction: false)
        }
        let configured = try KindredConfiguration.fromEnvironment(["KINDRED_METRICS_TOKEN": Self.token], isProduction: false)
        #expect(configured.metricsToken?.value == Self.token)
        #expect(!"\(configured)".contains(Self.token), "a logged configuration never shows the token")
    }

    @Test func onlyTheOperatorsTokenReadsThem() async throws {
        try await withKindred(adjust: { $0.metricsToken = SecretString(Self.token) }) { kindred in
            for headers: HTTPHeaders in [[:], ["Authorization": "Bearer wrong-token-of-some-length"], ["Authorization": "Basic \(Self.token)"],
                                         ["Authorization": "Bearer \(Self.token)x"]] {
                let response = try await kindred.app.testing().sendRequest(.GET, "/metrics", headers: headers)
                #expect(response.status == .unauthorized, "\(headers)")
                #expect(response.headers.first(name: .wwwAuthenticate)?.hasPrefix("Bearer") == true)
                #expect(!response.body.string.contains("kindred_http"), "nothing leaks with the refusal")
            }
            // A signed-in user's token is no operator's.
            let ada = try await kindred.signUp("ada")
            let asUser = try await kindred.app.testing().sendRequest(.GET, "/metrics", headers: ["Authorization": "Bearer \(ada.accessToken)"])
            #expect(asUser.status == .unauthorized)
        }
    }

    @Test func requestsAreCountedByRoutePatternAndStatusWithTheirLatency() async throws {
        try await withKindred(adjust: { $0.metricsToken = SecretString(Self.token) }) { kindred in
            let ada = try await kindred.signUp("grace")
            for _ in 0..<3 { #expect(try await kindred.send(.GET, "/health").status == .ok) }
            // A path with an id and one that matches nothing: neither path reaches a label.
            let id = UUID().uuidString.lowercased()
            #expect(try await kindred.send(.GET, "/media/\(id)", token: ada.accessToken).status == .notFound)
            let nowhere = "nowhere-" + UUID().uuidString
            #expect(try await kindred.app.testing().sendRequest(.GET, "/" + nowhere).status == .notFound)

            let text = try await Self.scrape(kindred)
            #expect(Self.value(#"kindred_http_requests_total{method="GET",route="/api/v1/health",status="200"}"#, in: text) == 3)
            #expect(Self.value(#"kindred_http_requests_total{method="GET",route="/api/v1/media/:mediaId",status="404"}"#, in: text) == 1,
                    "\(text.split(separator: "\n").filter { $0.contains("requests_total") })")
            #expect(Self.value(#"kindred_http_requests_total{method="GET",route="unmatched",status="404"}"#, in: text) == 1)
            #expect(Self.value(#"kindred_http_request_duration_seconds_count{method="GET",route="/api/v1/health"}"#, in: text) == 3)
            #expect(text.contains(#"kindred_http_request_duration_seconds_bucket{method="GET",route="/api/v1/health",le="0.005"}"#))
            #expect(text.contains("# HELP kindred_http_requests_total "))
            #expect(!text.contains(id) && !text.contains(nowhere), "paths never become labels")
            #expect(Self.value("kindred_http_requests_in_flight", in: text) == 1, "the scrape itself is in flight")
        }
    }

    @Test func realtimeSocketsAndJobRunsAreCounted() async throws {
        try await withKindred(running: true, adjust: { $0.metricsToken = SecretString(Self.token) }) { kindred in
            let ada = try await kindred.signUp("mary")
            let socket = try await RealtimeClient.connect(kindred, baseURL: try #require(kindred.baseURL), token: ada.accessToken)
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: ada.id) == 1 }
            #expect(Self.value("kindred_realtime_connections", in: try await Self.scrape(kindred)) == 1)
            try await socket.close()
            try await eventually { await kindred.app.kindred.hub.connectionCount(for: ada.id) == 0 }
            #expect(Self.value("kindred_realtime_connections", in: try await Self.scrape(kindred)) == 0)

            let runs = NIOLockedValueBox(0)
            let job = ScheduledJob(name: "test.metrics", period: { _ in "p" }, work: { _ in
                runs.withLockedValue { $0 += 1 }
            })
            let failing = ScheduledJob(name: "test.failing", period: { _ in "p" }, work: { _ in throw CancellationError() })
            _ = await JobRunner(jobs: [job, failing]).tick(kindred.app.context)
            let text = try await Self.scrape(kindred)
            #expect(Self.value(#"kindred_job_runs_total{job="test.metrics",outcome="finished"}"#, in: text) == 1)
            #expect(Self.value(#"kindred_job_runs_total{job="test.failing",outcome="failed"}"#, in: text) == 1)
        }
    }

    /// The pool's size, a probe through it, and on PostgreSQL this instance's own connections
    /// as the server counts them (the scrape's query holds one, `active`).
    @Test func theDatabasePoolIsReported() async throws {
        try await withKindred(adjust: { $0.metricsToken = SecretString(Self.token) }) { kindred in
            _ = try await kindred.signUp("ada")
            let text = try await Self.scrape(kindred)
            let loops = Array(kindred.app.eventLoopGroup.makeIterator()).count
            #expect(Self.value("kindred_database_up", in: text) == 1)
            let probe = try #require(Self.value("kindred_database_probe_seconds", in: text))
            #expect(probe > 0 && probe < 5)
            let capacity = try #require(Self.value("kindred_database_pool_max_connections", in: text))
            if case .postgres = kindred.configuration.database {
                #expect(capacity == Double(4 * loops))
                let active = try #require(Self.value(#"kindred_database_connections{state="active"}"#, in: text), "\(text)")
                let open = DatabasePoolGauge.states.compactMap { Self.value(#"kindred_database_connections{state="\#($0)"}"#, in: text) }
                #expect(active >= 1 && open.count == DatabasePoolGauge.states.count)
                #expect(open.reduce(0, +) <= capacity, "only this instance's connections: \(open)")
            } else {
                #expect(capacity == Double(loops))
                #expect(!text.contains("kindred_database_connections{"), "SQLite has no server to ask")
            }
        }
    }
}
