import Foundation
import Observation

/// Finding people on Rin by name: discoverable profiles whose name has every word typed, as the
/// profile in use may see them. Only the newest search's answer shows, however the answers arrive.
@MainActor @Observable
public final class PeopleSearchModel {
    public let context: RinContext
    public var query = ""
    public private(set) var results: [RinPersonView] = []
    /// A search ran and found nobody (as opposed to nothing searched yet).
    public private(set) var foundNobody = false
    public private(set) var isSearching = false
    public private(set) var error: String?
    private var asked = 0

    /// The contract's bound on `q`.
    static let longest = 80

    public init(context: RinContext) {
        self.context = context
    }

    public func search() async {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        asked += 1
        let mine = asked
        guard !text.isEmpty else {
            (results, foundNobody, error) = ([], false, nil)
            return
        }
        guard text.count <= Self.longest else {
            error = "Search for at most \(Self.longest) characters."
            return
        }
        isSearching = true
        defer { if mine == asked { isSearching = false } }
        do {
            _ = await context.scope()
            let found = try await context.session.searchRinPeople(text, actingAs: context.actingAlternateID)
            guard mine == asked else { return }
            (results, foundNobody, error) = (found, found.isEmpty, nil)
        } catch {
            guard mine == asked else { return }
            self.error = error.localizedDescription
        }
    }
}
