import KindredSDK

extension Profile {
    /// The name people chose, or their username when they chose none.
    var shownName: String {
        displayName.isEmpty ? username : displayName
    }
}
