import Fluent
import InnovationEngineLayout
import KindredAPI
import SQLKit
import Vapor

/// Connecting, listing, noting and removing Innovation Engine connections, and the network.
struct ConnectionService {
    let context: ServiceContext
    let client: ClientInfo
    let codes: ConnectCodeCache
    let layouts: NetworkLayoutCache
    private var services: KindredServices { context.services }
    static let noteLimit = 200

    /// Connects the caller with the person whose code they were shown, and tells both people's
    /// devices. Returns the connection (with both people loaded) and whether it is new; scanning
    /// again returns the existing one.
    func connect(_ callerID: UUID, code: String, note: String?) async throws -> (InnovationEngineConnection, created: Bool) {
        let (connection, created) = try await create(callerID, code: code, note: note)
        let full = try await reload(connection)
        if created {
            // Both people see the new connection at once, each from their own side.
            for userID in [full.$low.id, full.$high.id] {
                await context.events.publish(.connectionCreated(try full.dto(for: userID, context: context)), to: userID)
            }
        }
        return (full, created)
    }

    private func create(_ callerID: UUID, code: String, note: String?) async throws -> (InnovationEngineConnection, created: Bool) {
        let note = try note.map(Self.validNote)
        let personID = try await owner(of: code, scannedBy: callerID)
        guard personID != callerID else {
            throw AppError.validation(field: "code", "That is your own code. Scan someone else's.")
        }
        let (low, high) = InnovationEngineConnection.ordered(callerID, personID)
        if let existing = try await Self.between(low, high, on: context.database) { return (existing, false) }
        let connection = InnovationEngineConnection(between: callerID, and: personID)
        if let note { connection.setNote(note, of: callerID) }
        do {
            try await connection.create(on: context.database)
        } catch {
            // The other person scanned us at the same moment: their row is ours too.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await Self.between(low, high, on: context.database)
            else { throw error }
            return (existing, false)
        }
        return (connection, true)
    }

    /// Whose code this is, for "Connect with Tess?" before connecting; also for someone not yet
    /// signed in, who opened a shared link.
    func preview(code: String, by callerID: UUID?) async throws -> (person: User, connected: Bool) {
        let personID = try await owner(of: code, scannedBy: callerID)
        let person = try await ProfileService.user(personID, on: context.database)
        guard let callerID, personID != callerID else { return (person, false) }
        let (low, high) = InnovationEngineConnection.ordered(callerID, personID)
        return (person, try await Self.between(low, high, on: context.database) != nil)
    }

    /// My code, made on first use.
    func code(of userID: UUID) async throws -> InnovationEngineConnectCode {
        if let existing = try await InnovationEngineConnectCode.query(on: context.database).filter(\.$user.$id == userID).first() {
            return existing
        }
        let code = InnovationEngineConnectCode(userID: userID, code: ConnectLink.newCode(), at: services.now)
        do {
            try await code.create(on: context.database)
            return code
        } catch {
            // Two of my devices asked at once: the first one's code is mine.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await InnovationEngineConnectCode.query(on: context.database).filter(\.$user.$id == userID).first()
            else { throw error }
            return existing
        }
    }

    /// My code's text, made on first use: from `codes` when it was read here in the last few
    /// seconds, else in one SQL statement (filling the model cost more than the query).
    func currentCode(of userID: UUID) async throws -> String {
        let now = services.now
        if let cached = codes.code(of: userID, now: now) { return cached }
        let code = try await context.database.sql().raw("""
            SELECT code FROM \(ident: InnovationEngineConnectCode.schema) WHERE user_id = \(bind: userID)
            """).first(decodingColumn: "code", as: String.self)
        let current = if let code { code } else { try await self.code(of: userID).code }
        codes.store(read: current, of: userID, at: now)
        return current
    }

    /// Replaces my code: the old QR and links stop working at once.
    func rotateCode(of userID: UUID) async throws -> InnovationEngineConnectCode {
        let code = try await code(of: userID)
        code.code = ConnectLink.newCode()
        code.createdAt = services.now
        try await code.save(on: context.database)
        codes.store(replaced: code.code, of: userID, at: services.now)
        return code
    }

    /// The person a shown code belongs to. Every look-up counts toward the caller's hourly limit
    /// (or, for someone not signed in, their address's), and an unknown, rotated or malformed code
    /// is a plain 404.
    private func owner(of rawCode: String, scannedBy callerID: UUID?) async throws -> UUID {
        let limit = RateLimiter.Limit(count: services.configuration.innovationEngine.connectAttemptsPerHour, window: 3600)
        let limiter = RateLimiter(database: context.database, now: services.now)
        if let callerID {
            try await limiter.hit("innovation-engine.connect:" + callerID.uuidString.lowercased(), userID: callerID, limit: limit)
        } else {
            try await limiter.hit("innovation-engine.connect.address:" + client.address, limit: limit)
        }
        guard let code = ConnectLink.code(in: rawCode),
              let owner = try await InnovationEngineConnectCode.query(on: context.database).filter(\.$code == code)
                  .with(\.$user).first(),
              owner.user.suspendedAt == nil
        else { throw Self.unknownCode }
        // A block either way makes the code unknown to the other: the scanner learns nothing.
        if let callerID, callerID != owner.$user.id, try await Blocks.between(callerID, owner.$user.id, on: context.database) {
            throw Self.unknownCode
        }
        return owner.$user.id
    }

    private static let unknownCode = AppError(.notFound, .notFound, "This code doesn't work (anymore). Ask for their current QR code or link.")

    /// Removes the connection between two people, if any (one blocked the other), and tells both.
    static func removeConnection(between one: UUID, and other: UUID, in context: ServiceContext) async throws {
        let (low, high) = InnovationEngineConnection.ordered(one, other)
        guard let connection = try await between(low, high, on: context.database) else { return }
        try await connection.delete(on: context.database)
        let id = try connection.requireID()
        for userID in [low, high] { await context.events.publish(.connectionRemoved(id), to: userID) }
    }

    /// My connections, newest first, a page at a time (the keyset order of `PageRequest`): one
    /// statement joins each connection to the other person and their avatar, and the rows are
    /// read into the models the mapping reads, with the other person loaded. Fluent's eager
    /// loading took three statements and filled both people's whole rows field by field, by name,
    /// which a profile of this request put at a fifth of its time.
    func list(_ callerID: UUID, page: PageRequest) async throws -> Page<InnovationEngineConnection> {
        let query: SQLQueryString = """
            SELECT c.id AS c_id, c.low_user_id AS c_low, c.high_user_id AS c_high, c.low_note AS c_low_note,
                c.high_note AS c_high_note, c.created_at AS c_created_at,
                u.id AS u_id, u.username AS u_username, u.display_name AS u_display_name, u.bio AS u_bio,
                m.id AS m_id, m.owner_id AS m_owner, m.kind AS m_kind, m.storage_key AS m_storage_key,
                m.byte_count AS m_byte_count, m.width AS m_width, m.height AS m_height, m.duration_seconds AS m_duration
            FROM innovation_engine_connections c
            JOIN users u ON u.id = CASE WHEN c.low_user_id = \(bind: callerID) THEN c.high_user_id ELSE c.low_user_id END
            LEFT JOIN media m ON m.id = u.avatar_id
            WHERE (c.low_user_id = \(bind: callerID) OR c.high_user_id = \(bind: callerID))
            """
        let rows = try await context.database.sql().raw(query + page.newestFirst(date: "c.created_at", id: "c.id")).all()
            .map(Self.connection(from:))
        return Page(rows: rows, limit: page.limit) { row in
            guard let date = row.createdAt, let id = row.id else { return nil }
            return PageCursor(date: date, id: id)
        }
    }

    /// A row of `list` as the connection, with the other person (and their avatar) loaded on
    /// their side: what `dto(for:context:)` reads, and nothing it does not.
    private static func connection(from row: any SQLRow) throws -> InnovationEngineConnection {
        let connection = InnovationEngineConnection()
        connection.id = try row.decode(column: "c_id", as: UUID.self)
        connection.$low.id = try row.decode(column: "c_low", as: UUID.self)
        connection.$high.id = try row.decode(column: "c_high", as: UUID.self)
        connection.lowNote = try row.decode(column: "c_low_note", as: String?.self)
        connection.highNote = try row.decode(column: "c_high_note", as: String?.self)
        connection.createdAt = try row.decode(column: "c_created_at", as: Date?.self)
        let person = User()
        person.id = try row.decode(column: "u_id", as: UUID.self)
        person.username = try row.decode(column: "u_username", as: String.self)
        person.displayName = try row.decode(column: "u_display_name", as: String.self)
        person.bio = try row.decode(column: "u_bio", as: String.self)
        if let mediaID = try row.decode(column: "m_id", as: UUID?.self) {
            let avatar = MediaItem()
            avatar.id = mediaID
            avatar.$owner.id = try row.decode(column: "m_owner", as: UUID.self)
            avatar.kind = try row.decode(column: "m_kind", as: String.self)
            avatar.storageKey = try row.decode(column: "m_storage_key", as: String.self)
            avatar.byteCount = try row.decode(column: "m_byte_count", as: Int64.self)
            avatar.width = try row.decode(column: "m_width", as: Int?.self)
            avatar.height = try row.decode(column: "m_height", as: Int?.self)
            avatar.durationSeconds = try row.decode(column: "m_duration", as: Double?.self)
            person.$avatar.id = mediaID
            person.$avatar.value = .some(avatar)
        } else {
            person.$avatar.value = .some(nil)
        }
        if person.id == connection.$low.id { connection.$low.value = person } else { connection.$high.value = person }
        return connection
    }

    func update(_ connectionID: UUID, note: String, by callerID: UUID) async throws -> InnovationEngineConnection {
        let connection = try await owned(connectionID, by: callerID)
        let note = try Self.validNote(note)
        connection.setNote(note.isEmpty ? nil : note, of: callerID)
        try await connection.save(on: context.database)
        return try await reload(connection)
    }

    /// Removes the connection and tells both people's devices.
    func remove(_ connectionID: UUID, by callerID: UUID) async throws {
        let connection = try await owned(connectionID, by: callerID)
        try await connection.delete(on: context.database)
        for userID in [connection.$low.id, connection.$high.id] {
            await context.events.publish(.connectionRemoved(connectionID), to: userID)
        }
    }

    /// My connections' profiles, which of them are connected to each other, and where each is
    /// drawn: laid out here with the same code the apps use, so every client draws one picture.
    func network(_ callerID: UUID) async throws -> (me: User, people: [User], links: [(UUID, UUID)], positions: [LayoutPoint]) {
        let me = try await ProfileService.user(callerID, on: context.database)
        let mine = try await Self.involving(callerID, on: context.database).all()
        let ids = mine.map { $0.other(than: callerID) }
        var people: [User] = []
        var links: [(UUID, UUID)] = []
        if !ids.isEmpty {
            people = try await User.query(on: context.database).filter(\.$id ~~ ids).with(\.$avatar).all()
            links = try await InnovationEngineConnection.query(on: context.database)
                .filter(\.$low.$id ~~ ids).filter(\.$high.$id ~~ ids).all()
                .map { ($0.$low.id, $0.$high.id) }
        }
        let graph = NetworkGraph(me: callerID, connections: people.compactMap(\.id), links: links)
        return (me, people, links, layouts.layout(graph))
    }

    /// The connection with both people (and their avatars) loaded, for mapping.
    private func reload(_ connection: InnovationEngineConnection) async throws -> InnovationEngineConnection {
        guard let full = try await Self.involving(connection.$low.id, on: context.database)
            .filter(\.$id == connection.requireID()).first()
        else { throw AppError.notFound("connection") }
        return full
    }

    /// The connection if the caller is in it; otherwise 404, whether or not it exists.
    private func owned(_ connectionID: UUID, by callerID: UUID) async throws -> InnovationEngineConnection {
        guard let connection = try await InnovationEngineConnection.find(connectionID, on: context.database), connection.involves(callerID) else {
            throw AppError.notFound("connection")
        }
        return connection
    }

    private static func validNote(_ raw: String) throws -> String {
        let note = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= noteLimit else {
            throw AppError.validation(field: "note", "A note is at most \(noteLimit) characters.")
        }
        return note
    }

    static func between(_ low: UUID, _ high: UUID, on database: any Database) async throws -> InnovationEngineConnection? {
        try await InnovationEngineConnection.query(on: database).filter(\.$low.$id == low).filter(\.$high.$id == high).first()
    }

    static func involving(_ userID: UUID, on database: any Database) -> QueryBuilder<InnovationEngineConnection> {
        InnovationEngineConnection.query(on: database)
            .group(.or) { $0.filter(\.$low.$id == userID).filter(\.$high.$id == userID) }
            .with(\.$low) { $0.with(\.$avatar) }
            .with(\.$high) { $0.with(\.$avatar) }
    }
}

extension InnovationEngineConnection {
    /// The connection as `viewerID` sees it: the other person, and only the viewer's own note.
    func dto(for viewerID: UUID, context: ServiceContext) throws -> Components.Schemas.InnovationEngineConnection {
        let person = $low.id == viewerID ? high : low
        return Components.Schemas.InnovationEngineConnection(
            id: try requireID(), person: try context.profile(of: person),
            connectedAt: createdAt ?? context.now, note: note(of: viewerID))
    }
}
