import Foundation
import SQLKit

/// Reads an account's rows of declared tables (`ExportedTable`) as JSON, on SQLite or PostgreSQL.
/// Each row is built into a JSON object by the database itself (`json_build_object`,
/// `json_object`), with the columns it has now: a column added by a later migration is exported
/// without anyone remembering to, and an omitted one never leaves the database.
struct DataExportQuery {
    let database: any SQLDatabase
    let userID: UUID
    private let declared: [String: ExportedTable]
    private let isSQLite: Bool

    /// Ownership is followed at most this deep (a contact's value → the contact → the book →
    /// the account is three).
    static let maximumDepth = 6

    struct Undeclared: Error, CustomStringConvertible {
        let table: String
        var description: String { "An export follows \(table), which no ExportedTable declares." }
    }

    init(database: any SQLDatabase, userID: UUID, tables: [ExportedTable]) {
        self.database = database
        self.userID = userID
        declared = Dictionary(tables.map { ($0.table, $0) }, uniquingKeysWith: { first, _ in first })
        isSQLite = database.dialect.name == "sqlite"
    }

    /// The account's rows of `table`, each a JSON object, in id order; a row that is the
    /// account's in two ways is read the first way.
    func rows(of table: ExportedTable) async throws -> [String] {
        let columns = try await self.columns(of: table.table)
        var seen = Set<String>()
        var rows: [(id: String, json: String)] = []
        for way in table.rows {
            let kept = columns.filter { !way.omitted.contains($0.name) }
            let query: SQLQueryString = "SELECT CAST(id AS TEXT) AS row_id, "
                + json(of: kept) + " AS row_json FROM \(ident: table.table) WHERE " + (try predicate(way, depth: 0))
            for row in try await database.raw(query).all() {
                let id = try row.decode(column: "row_id", as: String.self)
                guard seen.insert(id.lowercased()).inserted else { continue }
                rows.append((id.lowercased(), try row.decode(column: "row_json", as: String.self)))
            }
        }
        return rows.sorted { $0.id < $1.id }.map(\.json)
    }

    /// `{"<table>": [rows…], …}` for `tables`, in their order.
    func document(_ tables: [ExportedTable]) async throws -> String {
        var parts: [String] = []
        for table in tables {
            let rows = try await rows(of: table)
            parts.append("\"\(table.table)\":[" + rows.joined(separator: ",") + "]")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    // MARK: - SQL

    /// The account's ids of a declared table.
    private func ids(of table: String, depth: Int) throws -> SQLQueryString {
        guard depth < Self.maximumDepth, let declaration = declared[table] else { throw Undeclared(table: table) }
        return try declaration.rows.map { way in
            "SELECT id FROM \(ident: table) WHERE " + (try predicate(way, depth: depth + 1))
        }.joined(separator: " UNION ")
    }

    private func predicate(_ way: AccountRows, depth: Int) throws -> SQLQueryString {
        var predicate: SQLQueryString
        switch way.link {
        case .account(let column):
            predicate = "\(ident: column) = \(bind: userID)"
        case .parent(let column, let table):
            predicate = "\(ident: column) IN (" + (try ids(of: table, depth: depth)) + ")"
        case .child(let table, let column):
            predicate = "id IN (SELECT \(ident: column) FROM \(ident: table) WHERE id IN (" + (try ids(of: table, depth: depth)) + "))"
        }
        if let condition = way.condition { predicate = "(" + predicate + ") AND (\(unsafeRaw: condition))" }
        return predicate
    }

    private struct Column {
        let name: String
        let type: String
    }

    private func columns(of table: String) async throws -> [Column] {
        let query: SQLQueryString = isSQLite
            ? "SELECT name, type FROM pragma_table_info(\(bind: table)) ORDER BY cid"
            : "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_name = \(bind: table) AND table_schema = current_schema() ORDER BY ordinal_position"
        return try await database.raw(query).all().map {
            Column(name: try $0.decode(column: "name", as: String.self), type: try $0.decode(column: "type", as: String.self).uppercased())
        }
    }

    /// A JSON object of `columns` built by the database. PostgreSQL writes every type as JSON
    /// (timestamps ISO 8601, booleans, uuids as text). SQLite keeps Fluent's dates as seconds in
    /// REAL columns: they are written ISO 8601 too; a BLOB, which JSON cannot hold, as hex.
    private func json(of columns: [Column]) -> SQLQueryString {
        let pairs: [SQLQueryString] = columns.map { column in
            guard isSQLite else { return "\(literal: column.name), \(ident: column.name)" }
            switch column.type {
            case "REAL": return "\(literal: column.name), strftime('%Y-%m-%dT%H:%M:%fZ', \(ident: column.name), 'unixepoch')"
            case "BLOB": return "\(literal: column.name), hex(\(ident: column.name))"
            default: return "\(literal: column.name), \(ident: column.name)"
            }
        }
        return isSQLite
            ? "json_object(" + pairs.joined(separator: ", ") + ")"
            : "json_build_object(" + pairs.joined(separator: ", ") + ")::text"
    }
}
