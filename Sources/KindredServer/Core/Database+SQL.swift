import Fluent
import SQLKit

extension Database {
    /// Both of Kindred's databases speak SQL; this says so once instead of at every raw query.
    func sql() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw AppError(.internalError, .internalServerError, "Kindred needs an SQL database.")
        }
        return sql
    }

    /// A transaction that reads and then writes. On SQLite it begins `IMMEDIATE`, taking the
    /// write lock up front (waiting for it if another connection holds it): a plain deferred
    /// transaction that read first fails with "database is locked" when another connection
    /// commits in between, which no waiting can cure. PostgreSQL needs nothing special.
    func writeTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard let sql = self as? any SQLDatabase, sql.dialect.name == "sqlite" else {
            return try await transaction(body)
        }
        if inTransaction { return try await body(self) }
        return try await withConnection { connection in
            let sql = try connection.sql()
            try await sql.raw("BEGIN IMMEDIATE").run()
            do {
                let result = try await body(connection)
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                // The error that ended the work matters more than a failed rollback's.
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
    }
}
