import Foundation

/// One table's part in "Download my data": which of its rows are the account's, and which columns
/// of them the account may not read. The foundation declares its own tables
/// (`ExportedTable.foundation`), each app its own (`KindredApp.exportedTables`); `DataExportQuery`
/// turns the declarations into SQL, so an export reads exactly what is declared here and
/// `DataExportTests` fails when a table holding an account's rows is declared nowhere.
///
/// A row is the account's when any of `rows` says so. Each way carries its own omissions, because
/// what a person may read of a row depends on which side of it they are: of a connection, their
/// own note and not the other's.
struct ExportedTable: Sendable {
    let table: String
    let rows: [AccountRows]

    init(_ table: String, _ rows: AccountRows...) {
        self.table = table
        self.rows = rows
    }
}

/// One way a table's rows are an account's.
struct AccountRows: Sendable {
    enum Link: Sendable {
        /// `column` holds the account's id.
        case account(column: String)
        /// `column` holds the id of one of the account's rows of `table` (declared too).
        case parent(column: String, table: String)
        /// The row's id is in `column` of one of the account's rows of `table` (declared too):
        /// a shared book is the account's because its membership row names it.
        case child(table: String, column: String)
    }

    let link: Link
    /// Columns left out of these rows: secrets (hashes), and what only the other side may read.
    var omitted: Set<String> = []
    /// A further condition on the row, in SQL over its own columns (declared in code, never
    /// from input): a friend's page is the account's to read only once it was sent.
    var condition: String?

    static func account(_ column: String) -> AccountRows { AccountRows(link: .account(column: column)) }

    static func parent(_ column: String, in table: String) -> AccountRows { AccountRows(link: .parent(column: column, table: table)) }

    static func child(_ table: String, _ column: String) -> AccountRows { AccountRows(link: .child(table: table, column: column)) }

    func omitting(_ columns: String...) -> AccountRows {
        var rows = self
        rows.omitted.formUnion(columns)
        return rows
    }

    func when(_ condition: String) -> AccountRows {
        var rows = self
        rows.condition = condition
        return rows
    }
}

extension ExportedTable {
    /// The foundation's tables. What is left out, and why (`DataExportTests` holds the list):
    /// - `email_links`, `refresh_tokens`, `realtime_tickets`: hashes of working secrets, kept for
    ///   minutes to days; nothing a person wrote or chose;
    /// - `idempotency_records`, `realtime_payloads`: answers and events kept for a retry (a day
    ///   at most), whose content the export already holds from the rows they came from;
    /// - `rate_limit_hits`: timestamps of attempts, kept a day to limit abuse;
    /// - `push_deliveries`: notices on their way, minutes at most, each from a row the export
    ///   holds; a push device's endpoint and keys are working secrets, so only its kind and
    ///   session are in;
    /// - someone else's act about the account (who blocked or reported them) is theirs, not the
    ///   account's: only the account's own blocks and reports are in.
    static let foundation: [ExportedTable] = [
        ExportedTable("users", .account("id").omitting("password_hash")),
        ExportedTable("sessions", .account("user_id")),
        ExportedTable("known_devices", .account("user_id").omitting("key_hash")),
        ExportedTable("account_alerts", .account("user_id")),
        ExportedTable("media", .account("owner_id")),
        ExportedTable("blocks", .account("blocker_id")),
        ExportedTable("reports", .account("reporter_id")),
        ExportedTable("data_exports", .account("user_id").omitting("lease_token")),
        ExportedTable("push_devices", .account("user_id").omitting("address", "p256dh", "auth")),
        ExportedTable("notification_mutes", .account("user_id")),
    ]
}
