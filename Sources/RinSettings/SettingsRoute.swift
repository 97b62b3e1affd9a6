/// The screens inside Settings, pushed from its first screen.
public enum SettingsRoute: Hashable, Sendable {
    /// The list of regions to choose the default from.
    case region
    /// Changes made on this device that wait for the server, and those it refused.
    case waitingChanges
    /// The profile's past imports.
    case imports
    /// The Rin profiles I blocked.
    case blocked
}
