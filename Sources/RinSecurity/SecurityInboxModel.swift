import Foundation
import Observation

/// The security inbox: asks to see my details, disputes, the account's alerts and the reports I
/// filed, each section newest first and filtered to all, what needs me, or what is resolved.
/// Opening it marks everything seen.
@MainActor @Observable
public final class SecurityInboxModel {
    public typealias Filter = Operations.ListRinSecurityItems.Input.Query.FilterPayload

    public static let sections: [RinSecuritySection] = [.access, .disputes, .alerts, .reports]

    public private(set) var summary: RinSecuritySummary?
    public private(set) var items: [RinSecuritySection: [RinSecurityItem]] = [:]
    public private(set) var cursors: [RinSecuritySection: String] = [:]
    public private(set) var filter: Filter = .all
    public private(set) var isLoading = false
    public private(set) var error: String?
    public private(set) var notice: String?

    private let context: RinContext
    private let pageSize: Int?

    public init(context: RinContext, pageSize: Int? = nil) {
        self.context = context
        self.pageSize = pageSize
    }

    /// What needs me, across sections: the tab's badge.
    public var actionNeeded: Int { summary?.action ?? 0 }

    public func count(_ section: RinSecuritySection) -> (action: Int, unread: Int) {
        summary?.sections.first { $0.section == section }.map { ($0.action, $0.unread) } ?? (0, 0)
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let session = context.session
            let filter = filter
            let pageSize = pageSize
            async let summary = session.rinSecurity()
            var pages: [RinSecuritySection: Page<RinSecurityItem>] = [:]
            for section in Self.sections {
                pages[section] = try await session.rinSecurityItems(section, filter: filter, limit: pageSize)
            }
            let counts = try await summary
            self.summary = counts
            items = pages.mapValues(\.items)
            cursors = pages.compactMapValues(\.nextCursor)
            error = nil
            if counts.unread > 0 { self.summary = try await session.markRinSecurityRead() }
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func show(_ filter: Filter) async {
        self.filter = filter
        await load()
    }

    public func loadMore(_ section: RinSecuritySection) async {
        guard let cursor = cursors[section] else { return }
        do {
            let page = try await context.session.rinSecurityItems(section, filter: filter, limit: pageSize, cursor: cursor)
            let known = Set((items[section] ?? []).map(\.id))
            items[section, default: []] += page.items.filter { !known.contains($0.id) }
            cursors[section] = page.nextCursor
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Lets them see the field they asked for.
    public func approve(_ item: RinSecurityItem) async {
        guard let ask = item.ask else { return }
        await act(notice: "\(ask.requester.displayName ?? "They") can see it now.") { try await self.context.session.approveRinAsk(item.id) }
    }

    /// Says no; they are not told.
    public func deny(_ item: RinSecurityItem) async {
        guard item.ask != nil else { return }
        await act(notice: "Declined. They aren’t told.") { try await self.context.session.denyRinAsk(item.id) }
    }

    /// "This was me" closes a new-device alert; "this wasn't me" signs out every other device.
    public func answer(_ item: RinSecurityItem, wasMe: Bool) async {
        guard let alert = item.alert else { return }
        await act(notice: wasMe ? "Thanks: the alert is closed." : "Every other device is signed out. Change your password now.") {
            try await self.context.session.answerAccountAlert(alert.id, wasMe: wasMe)
        }
    }

    /// The subject's answer to a dispute about one of my details.
    public func answer(_ item: RinSecurityItem, dispute answer: KindredSession.RinDisputeAnswer) async {
        guard item.dispute != nil else { return }
        let notice = switch answer {
        case .correct: "Corrected: the dispute is resolved."
        case .remove: "Removed: the dispute is resolved."
        case .keep: "Kept, with your statement: the moderators will decide."
        }
        await act(notice: notice) { try await self.context.session.answerRinDispute(item.id, answer) }
    }

    /// Takes back a dispute I raised.
    public func withdraw(_ item: RinSecurityItem) async {
        guard item.dispute?.role == .claimant else { return }
        await act(notice: "Withdrawn.") { try await self.context.session.withdrawRinDispute(item.id) }
    }

    private func act(notice: String, _ work: () async throws -> Void) async {
        do {
            try await work()
            self.notice = notice
            await load()
        } catch {
            self.error = error.localizedDescription
        }
    }
}
