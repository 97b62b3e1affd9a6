import Fluent
import Foundation
import SQLKit

extension RinProfile {
    /// Holds the profile's row until the transaction ends, so checks of its limits (fields,
    /// circles, one birthday, one primary) and the writes after them are one step for concurrent
    /// requests on PostgreSQL. SQLite's write transaction already admits one writer at a time.
    static func lock(_ profileID: UUID, on database: any Database) async throws {
        let sql = try database.sql()
        guard sql.dialect.name != "sqlite" else { return }
        try await sql.raw("SELECT id FROM \(ident: RinProfile.schema) WHERE id = \(bind: profileID) FOR UPDATE").run()
    }
}
