import Testing

/// Waits up to `timeout` for something that happens asynchronously (a socket opening, an event
/// arriving), checking every 20 ms, and records an issue if it never does. The deadline is on the
/// clock and generous: a condition that holds returns at once, and the whole suite on two shared
/// cores can take seconds to open a socket (250 checks of a busy actor once gave it that time),
/// and on a machine half as fast a signed-in shell once took over 30 s to be ready on PostgreSQL.
public func eventually(
    timeout: Duration = .seconds(90),
    _ condition: @Sendable () async throws -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    if try await condition() { return }
    Issue.record("The condition never became true within \(timeout).", sourceLocation: sourceLocation)
}

/// Cancels background tasks a test started (models following events, a shell running) and waits
/// until they have ended, so no request of theirs reaches a server that is shutting down.
public func stop(_ tasks: Task<Void, Never>...) async {
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
}

public func stop(_ tasks: [Task<Void, Never>]) async {
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
}
