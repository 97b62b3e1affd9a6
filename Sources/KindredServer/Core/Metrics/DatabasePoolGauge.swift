import Fluent
import Foundation
import SQLKit
import Vapor

/// What `/metrics` says of the database pool, read at each scrape. Fluent's pools (AsyncKit's
/// `EventLoopConnectionPool`) keep their counts private, so each figure comes from outside them:
/// - the pool's size, from how it was configured;
/// - on PostgreSQL, this instance's open connections by state, from the server's own
///   `pg_stat_activity`: each instance names its connections (`application_name`) with a tag of
///   its own, so two instances on one database count apart. The scrape's query holds one of them
///   (`active`);
/// - a probe: how long taking a connection and running `SELECT 1` took. A pool whose
///   connections are all busy makes the probe wait for one, so its time is the pool's queue as a
///   request would meet it; a database that does not answer is `kindred_database_up 0`.
struct DatabasePoolGauge: Sendable {
    /// Connections the pool may open in all (per event loop × loops).
    let capacity: Int
    /// This instance's connections' `application_name` on PostgreSQL; nil on SQLite.
    let applicationName: String?

    /// The states `pg_stat_activity` reports (PostgreSQL 10 and later): always all written, at 0
    /// when none is in it, so a state that empties does not keep its last count.
    static let states = ["active", "idle", "idle in transaction", "idle in transaction (aborted)", "fastpath function call", "disabled"]

    /// A tag no other instance has: the pid alone repeats across machines and containers.
    static func makeApplicationName() -> String {
        "kindred-" + String(UInt32.random(in: .min ... .max), radix: 16)
    }

    struct Sample {
        var up = false
        var probeSeconds: Double?
        var connections: [String: Int] = [:]
    }

    func sample(on database: any Database) async -> Sample {
        var sample = Sample()
        let clock = ContinuousClock(), start = clock.now
        guard let sql = database as? any SQLDatabase, (try? await sql.raw("SELECT 1 AS one").first()) != nil else { return sample }
        let elapsed = clock.now - start
        sample.up = true
        sample.probeSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        guard let applicationName else { return sample }
        let rows = (try? await sql.raw("""
            SELECT state, COUNT(*) AS connections FROM pg_stat_activity
            WHERE application_name = \(bind: applicationName) AND state IS NOT NULL GROUP BY state
            """).all()) ?? []
        for row in rows {
            guard let state = try? row.decode(column: "state", as: String.self), Self.states.contains(state),
                  let count = try? row.decode(column: "connections", as: Int.self) else { continue }
            sample.connections[state] = count
        }
        return sample
    }
}
