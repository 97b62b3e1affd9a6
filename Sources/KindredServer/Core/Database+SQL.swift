import Fluent
import NIOConcurrencyHelpers
import SQLKit

extension Database {
    /// Both of Kindred's databases speak SQL; this says so once instead of at every raw query.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw AppError(.internalError, .internalServerError, "Kindred needs an SQL database.")
        }
        return sql
    }

    /// Every row of `query`, each decoded as it arrives rather than after all of them are held:
    /// a whole-table read (millions of rows) then keeps only the decoded values. The first
    /// decoding error is thrown once the query ends.
    func rows<Row: Sendable>(_ query: SQLQueryString, _ decode: @escaping @Sendable (any SQLRow) throws -> Row) async throws -> [Row] {
        let rows = NIOLockedValueBox<[Row]>([])
        let failure = NIOLockedValueBox<(any Error)?>(nil)
        try await sql().raw(query).run { row in
            do {
                let value = try decode(row)
                rows.withLockedValue { $0.append(value) }
            } catch {
                failure.withLockedValue { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLockedValue({ $0 }) { throw error }
        return rows.withLockedValue { $0 }
    }

    /// A transaction that reads and then writes. On SQLite it begins `IMMEDIATE`, taking the
    /// write lock up front (waiting for it if another connection holds it): a plain deferred
    /// transaction that read first fails with "database is locked" when another connection
    /// commits in between, which no waiting can cure. PostgreSQL needs nothing special.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            return try await transaction(body)
        }
        // Within one already (the chat's message and its rate limit commit together), the work
        // joins it: SQLite cannot nest transactions. Fluent's own flag only knows its own kind.
        if inTransaction || WriteTransaction.isOpen { return try await body(self) }
        // One at a time in this process, waiting here without a thread: two transactions that both
        // wanted the write lock would each hold a connection, and the loser would retry on one of
        // NIO's few blocking threads (SQLiteNIO's busy handler never sleeps) while the winner waits
        // for a thread to run its next statement.
        return try await WriteTransaction.gate.serialized { try await withConnection { connection in
            let sql = try connection.sql()
            try await sql.raw("BEGIN IMMEDIATE").run()
            do {
                let result = try await WriteTransaction.$isOpen.withValue(true) { try await body(connection) }
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                // The error that ended the work matters more than a failed rollback's.
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        } }
    }
}

/// Whether the current task is inside `writeTransaction` on SQLite, and the gate that lets one
/// such transaction run at a time.
private enum WriteTransaction {
    @TaskLocal static var isOpen = false
    static let gate = AsyncGate()
}

/// A first-come, first-served async mutex: waiters suspend instead of blocking a thread.
actor AsyncGate {
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func serialized<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        return try await work()
    }
}
