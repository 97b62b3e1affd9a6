import Foundation
import Observation
import RinCore

/// A screen of the Contacts feature, above its home.
public enum ContactsRoute: Hashable, Sendable {
    case contact(UUID)
    /// The editor: a contact's id, or nil for a new contact.
    case edit(UUID?)
    case review
    /// Import a file, and the past imports.
    case imports
    /// One import's progress.
    case importProgress(UUID)
    /// The card a share link opened, to add to the book.
    case card(String)
}

/// The Contacts feature's navigation: a stack of `ContactsRoute` over the home, which the
/// views bind to. It owns the home, a contact, Review, the imports and shared cards; for anything else (a
/// circle, my profile, asks) it hands a `RinRoute` to `navigate`, which the shell sets.
@MainActor @Observable
public final class ContactsCoordinator: RinCoordinator {
    public var path: [ContactsRoute] = []
    /// The part of the home to bring into view (favourites, recent) after `open(.home(section:))`.
    public private(set) var focusedSection: RinRoute.HomeSection?
    @ObservationIgnored public var navigate: (RinRoute) -> Void = { _ in }

    public init() {}

    public func open(_ route: RinRoute) -> Bool {
        switch route {
        case .home(let section):
            focusedSection = section
            switch section {
            case .review: path = [.review]
            case .imports: path = [.imports]
            case .recent, .favourites, nil: path = []
            }
            return true
        case .contact(let id):
            focusedSection = nil
            path = [.contact(id)]
            return true
        case .card(let token):
            focusedSection = nil
            path = [.card(token)]
            return true
        case .circles, .circle, .profile, .asks, .person, .settings, .onboarding, .score, .network, .security:
            return false
        }
    }

    public func popToRoot() {
        path = []
    }

    /// Pushes one of the feature's own screens.
    public func show(_ route: ContactsRoute) {
        path.append(route)
    }

    public func back() {
        _ = path.popLast()
    }

    /// Another feature's place (a circle chip on a contact, the asks inbox): the shell shows it.
    public func showElsewhere(_ route: RinRoute) {
        if !open(route) { navigate(route) }
    }

    public func showCircle(_ id: UUID) {
        navigate(.circle(id))
    }

    /// A contact was deleted, or merged into another: its screens leave the stack.
    public func contactGone(_ id: UUID, replacedBy survivor: UUID? = nil) {
        path = path.compactMap { route in
            switch route {
            case .contact(id): survivor.map { .contact($0) }
            case .edit(id): nil
            default: route
            }
        }
        // Two screens of the same survivor in a row read as one.
        path = path.enumerated().filter { $0.offset == 0 || path[$0.offset - 1] != $0.element }.map(\.element)
    }

    /// After saving in the editor: a new contact's page replaces the editor, an edit goes back.
    public func saved(_ contact: RinContactDetail?, wasNew: Bool) {
        guard case .edit = path.last else { return }
        _ = path.popLast()
        if wasNew, let contact { path.append(.contact(contact.id)) }
    }

    /// The link of the screen on top, to share or to restore after a relaunch.
    public var currentRoute: RinRoute {
        for route in path.reversed() {
            switch route {
            case .contact(let id): return .contact(id)
            case .edit(let id?): return .contact(id)
            case .review: return .home(section: .review)
            case .imports, .importProgress: return .home(section: .imports)
            case .card(let token): return .card(token)
            case .edit(nil): continue
            }
        }
        return .home(section: focusedSection)
    }
}
