import Foundation
import Observation

/// Asks waiting for my answer: people who want to see a field of the profile Rin works on that is
/// on Ask for them, newest first, page by page. Approve shows them that field (or every field,
/// present and future) and nobody else; Decline tells them nothing (they go on seeing that they
/// asked). The badge counts the asks of all my profiles, as the Profile tab's badge does on the web.
@MainActor @Observable
public final class AsksInboxModel {
    public let context: RinContext
    /// The profile whose asks these are.
    public private(set) var profileID: UUID?
    public private(set) var asks: [RinIncomingAsk] = []
    public private(set) var nextCursor: String?
    public private(set) var isLoading = false
    public private(set) var error: String?
    /// News for the screen: "Ada can see your home address now."
    public private(set) var notice: String?
    /// Asks waiting over all my profiles; a profile with more than one page adds one more, so the
    /// badge reads "99+" rather than a number that is not known.
    public private(set) var badgeCount = 0
    /// Asks being answered, by id.
    public private(set) var answering: Set<UUID> = []

    /// Asks per page of the inbox; nil takes the server's default.
    public let pageSize: Int?
    /// One page per profile for the badge.
    static let badgePage = 100

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    /// The badge as shown: nil for none, "99+" past 99.
    public var badgeText: String? {
        switch badgeCount {
        case 0: nil
        case 1...99: String(badgeCount)
        default: "99+"
        }
    }

    /// The first page of the acting profile's asks, and the badge.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let (profile, page) = try await context.withActingProfile { ($0, try await context.session.incomingRinAsks(of: $0, limit: pageSize)) }
            (profileID, asks, nextCursor, error) = (profile, page.items, page.nextCursor, nil)
        } catch {
            self.error = error.localizedDescription
        }
        await refreshCount()
    }

    public func loadMore() async {
        guard let profileID, let cursor = nextCursor else { return }
        do {
            let page = try await context.session.incomingRinAsks(of: profileID, limit: pageSize, cursor: cursor)
            let shown = Set(asks.map(\.id))
            asks += page.items.filter { !shown.contains($0.id) }
            nextCursor = page.nextCursor
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Shows them the field from now on; with `allFields`, every field of the profile, now and
    /// any added later, whatever their circles say.
    public func approve(_ ask: RinIncomingAsk, allFields: Bool = false) async {
        let who = ask.requester.displayName ?? "Someone on Rin"
        let message = allFields ? "\(who) can see every field of this profile now." : "\(who) can see \(Self.fieldText(ask.field)) now."
        await answer(ask, message: message) { try await $0.approveRinAsk(ask.id, allFields: allFields) }
    }

    /// Declines; they are never told.
    public func decline(_ ask: RinIncomingAsk) async {
        let who = ask.requester.displayName ?? "Someone on Rin"
        await answer(ask, message: "Declined. \(who) isn't told.") { try await $0.denyRinAsk(ask.id) }
    }

    /// Asks waiting over all my profiles, for the badge.
    public func refreshCount() async {
        let session = context.session
        var count = 0
        do {
            for profile in context.profiles {
                let page = try await session.incomingRinAsks(of: profile.id, limit: Self.badgePage)
                count += page.items.count + (page.nextCursor == nil ? 0 : 1)
            }
            badgeCount = count
        } catch let failure as KindredError where failure.status == 404 {
            // A profile deleted on another device: the list is read again, the count next time.
            await context.refresh()
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Reads the inbox again when someone asks, until the caller stops; an ask of another of my
    /// profiles changes only the badge.
    public func followChanges() async {
        for await event in context.events() {
            guard case .rin_ask_requested(let requested) = event else { continue }
            if requested.profileId == profileID { await load() } else { await refreshCount() }
        }
    }

    public func dismissNotice() {
        notice = nil
    }

    private func answer(_ ask: RinIncomingAsk, message: String, _ call: (KindredSession) async throws -> Void) async {
        guard !answering.contains(ask.id) else { return }
        answering.insert(ask.id)
        defer { answering.remove(ask.id) }
        do {
            try await call(context.session)
            (error, notice) = (nil, message)
        } catch let failure as KindredError where failure.status == 404 {
            // Answered on another device meanwhile: it is gone either way.
            error = failure.localizedDescription
        } catch {
            self.error = error.localizedDescription
            return
        }
        if asks.contains(where: { $0.id == ask.id }) {
            asks.removeAll { $0.id == ask.id }
            badgeCount = max(0, badgeCount - 1)
        }
    }

    /// "your home address", "your bio", "your LinkedIn".
    static func fieldText(_ field: RinPolicyField) -> String {
        switch field.kind {
        case .name: return "your name"
        case .photo: return "your photo"
        case .bio: return "your bio"
        case .birthday: return "your birthday"
        case .phone, .email, .address:
            let noun = field.kind == .email ? "e-mail" : field.kind.rawValue
            return "your " + (field.label.map { "\($0.rawValue) \(noun)" } ?? noun)
        case .social:
            switch field.label {
            case .linkedin: return "your LinkedIn"
            case .x: return "your X account"
            case .whatsapp: return "your WhatsApp"
            default: return "your social account"
            }
        }
    }
}
