import Testing

/// Waits up to five seconds for something that happens asynchronously (a socket opening, an
/// event arriving), checking every 20 ms, and records an issue if it never does.
public func eventually(
    _ condition: @Sendable () async throws -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    for _ in 0..<250 {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("The condition never became true.", sourceLocation: sourceLocation)
}
