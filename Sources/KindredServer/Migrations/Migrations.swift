import Fluent

extension Migrations {
    /// The schema's history, oldest first. Append; never reorder or edit a shipped migration.
    func addKindred() {
        add(CreateUsers())              // accounts and profiles
        add(CreateSessions())           // devices and rotating refresh tokens
        add(CreateSignInFailures())     // sign-in throttling
        add(CreateMedia())              // uploads
        add(UpdateUsersAddAvatar())     // profile avatar, once media exists
        add(CreateIdempotencyRecords()) // replayable POST responses
        add(CreateRealtimeTickets())    // WebSocket passes
    }
}
