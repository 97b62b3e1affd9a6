import Foundation
import Observation
import RinCore

/// Which contacts the A–Z list shows.
public enum ContactFilter: Hashable, Sendable {
    case all
    case favourites
    case circle(UUID)
}

/// The contacts under one letter ("A" to "Z", "#" last), in the server's order.
public struct ContactSection: Identifiable, Hashable, Sendable {
    public let letter: String
    public var contacts: [RinContactSummary]
    public var id: String { letter }
}

/// Every contact of the book A to Z, a page at a time, under its letter; narrowed by a search
/// (folded words, an e-mail, a phone's digits), the favourites or a circle. A new search or
/// filter starts the pages again, and an answer to an older one that arrives late is dropped.
@MainActor @Observable
public final class ContactListModel {
    /// The longest search the server takes.
    public static let longestQuery = 100

    public private(set) var contacts: [RinContactSummary] = []
    public private(set) var query = ""
    public private(set) var filter: ContactFilter = .all
    public private(set) var nextCursor: String?
    public private(set) var isLoading = false
    /// The first page shown is this device's copy; the server has not answered yet.
    public private(set) var isCached = false
    public private(set) var error: String?
    /// The circles a person may narrow the list to (not Contacts or Public, which are everyone).
    public private(set) var circles: [RinCircle] = []
    /// Contacts a page asks for; nil leaves it to the server.
    public var pageSize: Int?

    private let context: RinContext
    /// Bumped by every new search or filter: an answer for an older one is not shown.
    private var generation = 0
    private var loadingMore = false
    private var profileID: UUID?

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    public var sections: [ContactSection] {
        var sections: [ContactSection] = []
        for contact in contacts {
            if sections.last?.letter == contact.section {
                sections[sections.count - 1].contacts.append(contact)
            } else if let index = sections.firstIndex(where: { $0.letter == contact.section }) {
                sections[index].contacts.append(contact)  // the server never splits a letter; kept whole if it did
            } else {
                sections.append(ContactSection(letter: contact.section, contacts: [contact]))
            }
        }
        return sections
    }

    public var hasMore: Bool { nextCursor != nil }
    /// A search or filter is narrowing the list (the home's rows hide then).
    public var isNarrowed: Bool { !query.isEmpty || filter != .all }

    /// What to say when nothing is listed.
    public var emptyText: String? {
        guard contacts.isEmpty, !isLoading else { return nil }
        if !query.isEmpty { return "No contacts match “\(query)”." }
        return isNarrowed ? "No contacts here yet." : "Your book is empty"
    }

    /// The first page again, as things stand (the kept copy first when nothing narrows it).
    public func load() async {
        generation += 1
        await firstPage(generation)
    }

    /// Searches; a query differing from the one shown starts the pages again.
    public func search(_ text: String) async {
        let query = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(Self.longestQuery))
        guard query != self.query else { return }
        self.query = query
        await load()
    }

    public func setFilter(_ filter: ContactFilter) async {
        guard filter != self.filter else { return }
        self.filter = filter
        await load()
    }

    public func loadMore() async {
        guard let cursor = nextCursor, let profile = profileID, !loadingMore else { return }
        let mine = generation
        loadingMore = true
        defer { loadingMore = false }
        do {
            let page = try await fetch(profile, cursor: cursor)
            guard mine == generation else { return }
            let overlay = await context.pendingContactChanges()
            guard mine == generation else { return }
            let shown = Set(contacts.map(\.id))
            contacts += overlay.apply(to: page.items).filter { !shown.contains($0.id) }
            (nextCursor, error) = (page.nextCursor, nil)
        } catch {
            if mine == generation { self.error = error.localizedDescription }
        }
    }

    /// The circles to filter by.
    public func loadCircles() async {
        guard let profile = await context.scope()?.profile else { return }
        do {
            circles = try await context.session.rinCircles(of: profile).filter { !$0.isSystem }
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Stars or unstars a contact: shown at once, sent through the queue (offline it waits
    /// there, and the list keeps showing it).
    public func toggleFavourite(_ contactID: UUID) async {
        guard let index = contacts.firstIndex(where: { $0.id == contactID }) else { return }
        let favourite = !contacts[index].favourite
        contacts[index].favourite = favourite
        if filter == .favourites, !favourite { contacts.remove(at: index) }
        if await context.submit(.updateContact(contactID, .init(favourite: favourite))).isRefused {
            await load()
        }
    }

    /// Takes a contact out of the list at once (deleted, or merged into another).
    public func remove(_ contactID: UUID) {
        contacts.removeAll { $0.id == contactID }
    }

    private func firstPage(_ mine: Int) async {
        guard let profile = await context.scope()?.profile, mine == generation else { return }
        if profile != profileID { (contacts, nextCursor, profileID) = ([], nil, profile) }
        let plain = !isNarrowed
        if plain, contacts.isEmpty, let kept = await context.kept(KeptContacts.self, as: .contacts(profile)), mine == generation {
            let overlay = await context.pendingContactChanges()
            (contacts, nextCursor, isCached) = (overlay.apply(to: kept.items), kept.nextCursor, true)
        }
        isLoading = true
        do {
            let page = try await fetch(profile, cursor: nil)
            guard mine == generation else { return }  // a newer search or filter owns the list now
            let overlay = await context.pendingContactChanges()
            guard mine == generation else { return }
            (contacts, nextCursor, isCached, error, isLoading) = (overlay.apply(to: page.items), page.nextCursor, false, nil, false)
            if plain { await context.keep(KeptContacts(items: page.items, nextCursor: page.nextCursor), as: .contacts(profile)) }
        } catch {
            guard mine == generation else { return }
            (self.error, isLoading) = (error.localizedDescription, false)
        }
    }

    private func fetch(_ profile: UUID, cursor: String?) async throws -> Page<RinContactSummary> {
        let circle: UUID? = if case .circle(let id) = filter { id } else { nil }
        return try await context.session.rinContacts(of: profile, query: query.isEmpty ? nil : query, circle: circle,
                                                     favourites: filter == .favourites ? true : nil, limit: pageSize, cursor: cursor)
    }
}

/// The list's first page as this device keeps it.
struct KeptContacts: Codable, Sendable {
    var items: [RinContactSummary]
    var nextCursor: String?
}
