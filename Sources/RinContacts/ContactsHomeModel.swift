import Foundation
import Observation
import RinCore

/// The book's front page for the profile I act as: the newest and favourite contacts, how many
/// there are and how many lack a phone or an e-mail, and what waits in Review. It opens on the
/// copy this device kept, then shows (and keeps) the server's; an import that ends while it is
/// open brings the new book in.
@MainActor @Observable
public final class ContactsHomeModel {
    public private(set) var home: RinContactsHome?
    /// What is shown is this device's copy: the server has not answered (yet, or at all).
    public private(set) var isCached = false
    public private(set) var isLoading = false
    /// An import of this book under way, for a line on the page.
    public private(set) var runningImport: RinImport?
    public private(set) var error: String?
    /// The profile whose book is shown.
    public private(set) var profileID: UUID?

    private let context: RinContext

    public init(context: RinContext) {
        self.context = context
    }

    public var isEmpty: Bool { home?.total == 0 }
    /// Suggestions and conflicts, the Review entry's badge.
    public var waitingForReview: Int { (home?.suggestions ?? 0) + (home?.conflicts ?? 0) }

    /// "12 contacts · 3 without a phone or e-mail".
    public var summary: String? {
        guard let home else { return nil }
        let total = ContactsWords.counted(home.total, "contact")
        return home.incomplete > 0 ? "\(total) · \(home.incomplete) without a phone or e-mail" : total
    }

    /// The Review entry's line: "2 possible duplicates · 1 field with two values".
    public var reviewSummary: String {
        guard let home, waitingForReview > 0 else { return "Nothing waits. Merges can be undone here." }
        return [home.suggestions > 0 ? ContactsWords.counted(home.suggestions, "possible duplicate") : nil,
                home.conflicts > 0 ? ContactsWords.counted(home.conflicts, "field") + " with two values" : nil]
            .compactMap { $0 }.joined(separator: " · ")
    }

    /// Shows the kept copy at once, then the server's.
    public func load() async {
        guard let profile = await context.scope()?.profile else { return }
        if profile != profileID {
            (home, isCached, runningImport, profileID) = (nil, false, nil, profile)
        }
        if home == nil, let kept = await context.kept(RinContactsHome.self, as: .home(profile)) {
            (home, isCached) = (kept, true)
        }
        await refresh()
    }

    /// The server's home, kept for next time; a running import's line with it.
    public func refresh() async {
        guard let profile = await context.scope()?.profile else { return }
        profileID = profile
        isLoading = true
        defer { isLoading = false }
        do {
            let fresh = try await context.session.rinContactsHome(of: profile)
            guard profile == context.profileID else { return }  // the person switched profiles meanwhile
            (home, isCached, error) = (fresh, false, nil)
            await context.keep(fresh, as: .home(profile))
        } catch {
            self.error = error.localizedDescription
            return
        }
        // Only the running-import line needs this; without it the line simply waits for an event.
        if let latest = try? await context.session.rinImports(of: profile, limit: 1).items {
            runningImport = latest.first { $0.isRunning }
        }
    }

    /// The whole book as one vCard 4.0 file ("Export all").
    public func exportAll() async -> Data? {
        guard let profile = await context.scope()?.profile else { return nil }
        do {
            return try await context.session.exportRinContacts(of: profile)
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    /// "Rin contacts.vcf".
    public static let exportFileName = "Rin contacts.vcf"

    /// Follows this book's imports: the line moves with each batch, and the book is read again
    /// when one is done. Runs until the caller's task is cancelled.
    public func followChanges() async {
        for await event in context.events() {
            guard case .rin_import_progressed(let progressed) = event else { continue }
            let rinImport = progressed._import
            guard rinImport.profileId == context.profileID else { continue }
            runningImport = rinImport.isRunning ? rinImport : nil
            if rinImport.phase == .done { await refresh() }
        }
    }
}
