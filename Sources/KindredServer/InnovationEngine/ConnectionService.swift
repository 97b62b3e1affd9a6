import Fluent
import KindredAPI
import Vapor

/// Connecting, listing, noting and removing Innovation Engine connections, and the network.
struct ConnectionService {
    let request: Request
    private var services: KindredServices { request.kindred }
    static let noteLimit = 200

    /// Connects the caller with the person a code points at. Returns the connection and whether
    /// it is new; scanning again returns the existing one.
    func connect(_ callerID: UUID, code: String, note: String?) async throws -> (Connection, created: Bool) {
        let personID = try ConnectCode.personID(in: code, publicBaseURL: services.configuration.publicBaseURL)
        guard personID != callerID else {
            throw AppError.validation(field: "code", "That is your own code. Scan someone else's.")
        }
        guard try await User.find(personID, on: request.db) != nil else { throw AppError.notFound("person") }
        let note = try note.map(Self.validNote)
        let (low, high) = Connection.ordered(callerID, personID)
        if let existing = try await Self.between(low, high, on: request.db) { return (existing, false) }
        let connection = Connection(between: callerID, and: personID)
        if let note { connection.setNote(note, of: callerID) }
        do {
            try await connection.create(on: request.db)
        } catch {
            // The other person scanned us at the same moment: their row is ours too.
            guard (error as? any DatabaseError)?.isConstraintFailure == true,
                  let existing = try await Self.between(low, high, on: request.db)
            else { throw error }
            return (existing, false)
        }
        return (connection, true)
    }

    func list(_ callerID: UUID) async throws -> [Connection] {
        try await Self.involving(callerID, on: request.db).sort(\.$createdAt, .descending).all()
    }

    func update(_ connectionID: UUID, note: String, by callerID: UUID) async throws -> Connection {
        let connection = try await owned(connectionID, by: callerID)
        let note = try Self.validNote(note)
        connection.setNote(note.isEmpty ? nil : note, of: callerID)
        try await connection.save(on: request.db)
        return connection
    }

    func remove(_ connectionID: UUID, by callerID: UUID) async throws -> Connection {
        let connection = try await owned(connectionID, by: callerID)
        try await connection.delete(on: request.db)
        return connection
    }

    /// My connections' profiles, and which of them are connected to each other.
    func network(_ callerID: UUID) async throws -> (people: [User], links: [(UUID, UUID)]) {
        let mine = try await Self.involving(callerID, on: request.db).all()
        let ids = mine.map { $0.other(than: callerID) }
        guard !ids.isEmpty else { return ([], []) }
        let people = try await User.query(on: request.db).filter(\.$id ~~ ids).with(\.$avatar).all()
        let links = try await Connection.query(on: request.db)
            .filter(\.$low.$id ~~ ids).filter(\.$high.$id ~~ ids).all()
            .map { ($0.$low.id, $0.$high.id) }
        return (people, links)
    }

    /// The connection if the caller is in it; otherwise 404, whether or not it exists.
    private func owned(_ connectionID: UUID, by callerID: UUID) async throws -> Connection {
        guard let connection = try await Connection.find(connectionID, on: request.db), connection.involves(callerID) else {
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

    static func between(_ low: UUID, _ high: UUID, on database: any Database) async throws -> Connection? {
        try await Connection.query(on: database).filter(\.$low.$id == low).filter(\.$high.$id == high).first()
    }

    static func involving(_ userID: UUID, on database: any Database) -> QueryBuilder<Connection> {
        Connection.query(on: database)
            .group(.or) { $0.filter(\.$low.$id == userID).filter(\.$high.$id == userID) }
            .with(\.$low) { $0.with(\.$avatar) }
            .with(\.$high) { $0.with(\.$avatar) }
    }
}

extension Connection {
    /// The connection as `viewerID` sees it: the other person, and only the viewer's own note.
    func dto(for viewerID: UUID, request: Request) throws -> Components.Schemas.Connection {
        let person = $low.id == viewerID ? high : low
        return Components.Schemas.Connection(
            id: try requireID(), person: try request.profile(of: person),
            connectedAt: createdAt ?? request.kindred.now, note: note(of: viewerID))
    }
}
