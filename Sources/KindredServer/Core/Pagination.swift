import Fluent
import Foundation
import SQLKit

/// Kindred's one pagination shape, for every list that can grow: `limit` and `cursor` in, `items`
/// and `nextCursor` out. Pages are keyset pages (newest first by a date, then by id), not offsets,
/// so a row added or removed while someone scrolls neither repeats nor skips the rows after it.
struct PageRequest: Sendable {
    static let defaultLimit = 50
    static let maximumLimit = 100

    let limit: Int
    let after: PageCursor?

    /// The contract bounds `limit` and `cursor` already; a cursor that is not one of ours is a 422
    /// naming the field, like any other bad input.
    init(limit: Int?, cursor: String?) throws {
        self.limit = min(max(limit ?? Self.defaultLimit, 1), Self.maximumLimit)
        if let cursor {
            guard let decoded = PageCursor(encoded: cursor) else {
                throw AppError.validation(field: "cursor", "That cursor is not one this list gave out. Start again from the first page.")
            }
            after = decoded
        } else {
            after = nil
        }
    }
}

/// Where a page ended: the last row's date and id. Opaque to clients; it names only their own
/// rows' order, so nothing is learned by altering one.
struct PageCursor: Sendable, Equatable {
    let date: Date
    let id: UUID

    /// The date's exact bits, so the database compares the very value it returned. (`Date` keeps
    /// seconds since 2001; going through 1970 can change the last bit.)
    var encoded: String {
        let bits = String(date.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
        return Secrets.base64URL(Array("\(bits).\(id.uuidString)".utf8))
    }

    init(date: Date, id: UUID) {
        self.date = date
        self.id = id
    }

    init?(encoded: String) {
        guard let data = Data(base64URLEncoded: encoded), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let bits = UInt64(parts[0], radix: 16), let id = UUID(uuidString: String(parts[1])) else { return nil }
        let seconds = Double(bitPattern: bits)
        guard seconds.isFinite else { return nil }
        self.init(date: Date(timeIntervalSinceReferenceDate: seconds), id: id)
    }
}

/// One page of a list.
struct Page<Item> {
    var items: [Item]
    var nextCursor: String?

    func map<Other>(_ transform: (Item) throws -> Other) rethrows -> Page<Other> {
        Page<Other>(items: try items.map(transform), nextCursor: nextCursor)
    }
}

extension Page {
    /// A page from up to `limit + 1` rows in the page's order: one row more than asked says
    /// whether another page follows, without a count. `cursor` reads a row's place.
    init(rows: [Item], limit: Int, cursor: (Item) -> PageCursor?) {
        let items = Array(rows.prefix(limit))
        self.init(items: items, nextCursor: rows.count > limit ? items.last.flatMap(cursor)?.encoded : nil)
    }
}

extension PageRequest {
    /// The same page for a raw SQL statement newest first by `date` then `id` (columns as the
    /// statement names them): the keyset condition, to follow a `WHERE`, then the order and the
    /// limit, with one row more for `Page(rows:limit:cursor:)`.
    func newestFirst(date: String, id: String) -> SQLQueryString {
        var clause: SQLQueryString = ""
        if let after {
            clause = " AND (\(unsafeRaw: date) < \(bind: after.date) OR (\(unsafeRaw: date) = \(bind: after.date) AND \(unsafeRaw: id) < \(bind: after.id)))"
        }
        return clause + " ORDER BY \(unsafeRaw: date) DESC, \(unsafeRaw: id) DESC LIMIT \(literal: limit + 1)"
    }
}

extension QueryBuilder where Model.IDValue == UUID {
    /// The query's rows newest first by `key` (then by id, so equal dates still have one order),
    /// one page at a time. `date` reads the same value from a row, for the next cursor.
    func page<Field: QueryableProperty>(
        newestFirst key: KeyPath<Model, Field>, date: @escaping (Model) -> Date?, _ request: PageRequest
    ) async throws -> Page<Model> where Field.Model == Model {
        try await page(by: key, newestFirst: true, date: date, request)
    }

    /// The same, oldest first: a conversation's comments read in the order they were written.
    func page<Field: QueryableProperty>(
        oldestFirst key: KeyPath<Model, Field>, date: @escaping (Model) -> Date?, _ request: PageRequest
    ) async throws -> Page<Model> where Field.Model == Model {
        try await page(by: key, newestFirst: false, date: date, request)
    }

    private func page<Field: QueryableProperty>(
        by key: KeyPath<Model, Field>, newestFirst: Bool, date: @escaping (Model) -> Date?, _ request: PageRequest
    ) async throws -> Page<Model> where Field.Model == Model {
        let field = DatabaseQuery.Field.path(Model.path(for: key), schema: Model.schemaOrAlias)
        let id = DatabaseQuery.Field.path(Model.path(for: \._$id), schema: Model.schemaOrAlias)
        let beyond: DatabaseQuery.Filter.Method = newestFirst ? .lessThan : .greaterThan
        let direction: DatabaseQuery.Sort.Direction = newestFirst ? .descending : .ascending
        let query = copy()
        if let after = request.after {
            query.group(.or) { further in
                further.filter(field, beyond, .bind(after.date))
                further.group(.and) { same in
                    same.filter(field, .equal, .bind(after.date))
                    same.filter(id, beyond, .bind(after.id))
                }
            }
        }
        let rows = try await query.sort(field, direction).sort(id, direction).limit(request.limit + 1).all()
        return Page(rows: rows, limit: request.limit) { row in
            guard let rowDate = date(row), let rowID = row.id else { return nil }
            return PageCursor(date: rowDate, id: rowID)
        }
    }
}

extension Data {
    /// The inverse of `Secrets.base64URL`; nil for anything else (padding included).
    init?(base64URLEncoded text: String) {
        guard !text.contains("=") else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}
