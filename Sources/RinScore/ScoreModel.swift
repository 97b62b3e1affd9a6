import Foundation
import Observation

extension RinStore.Key {
    static let score = RinStore.Key("score")
    static let network = RinStore.Key("network")
}

/// The Score tab: my Rin Score (the daily run's, or computed now), its four components with what
/// each is made of and what would raise it, and the last 90 days. What was last fetched is kept on
/// the device and shown at once, offline too, marked "Not updated since …" once a day old.
@MainActor @Observable
public final class ScoreModel {
    /// What the server last said, and when this device heard it.
    public struct Kept: Codable, Sendable {
        public var score: RinScore
        public var history: [RinScoreDay]
        public var fetchedAt: Date
    }

    /// How the number shown should be labelled (docs/RIN-PART2.md §4.6).
    public enum Label: Equatable, Sendable {
        /// The daily run of that UTC day (`YYYY-MM-DD`).
        case official(day: String)
        /// The daily run of that day, more than a day ago.
        case notUpdatedSince(day: String)
        /// Computed when this device last asked, no run having scored me yet.
        case provisional(asOf: Date)
    }

    /// An official score older than this is not up to date.
    public static let staleAfter: TimeInterval = 24 * 3600

    public private(set) var kept: Kept?
    public private(set) var isLoading = false
    /// Showing the copy kept on this device: the server could not be reached.
    public private(set) var isOffline = false
    public private(set) var error: String?

    private let context: RinContext
    private let now: @Sendable () -> Date

    public init(context: RinContext, now: @escaping @Sendable () -> Date = Date.init) {
        self.context = context
        self.now = now
    }

    public var score: RinScore? { kept?.score }
    /// The official score when there is one, else the provisional.
    public var shown: RinScoreValue? { kept.map { $0.score.official?.value ?? $0.score.provisional } }
    /// Computed now, when it differs from the official one shown.
    public var provisionalNow: RinScoreValue? {
        guard let score = kept?.score, let official = score.official, official.value.score != score.provisional.score else { return nil }
        return score.provisional
    }
    public var explanations: [RinScoreExplanationItem] { kept?.score.explanations ?? [] }
    public var history: [RinScoreDay] { kept?.history ?? [] }

    public var label: Label? {
        guard let kept else { return nil }
        guard let official = kept.score.official else { return .provisional(asOf: kept.fetchedAt) }
        if official.stale || now().timeIntervalSince(official.computedAt) > Self.staleAfter { return .notUpdatedSince(day: official.day) }
        return .official(day: official.day)
    }

    /// Shows the kept copy at once, then asks the server; offline, the kept copy stays.
    public func load() async {
        if kept == nil { kept = await context.kept(Kept.self, as: .score) }
        isLoading = true
        defer { isLoading = false }
        do {
            async let score = context.session.rinScore()
            async let history = context.session.rinScoreHistory()
            let fresh = Kept(score: try await score, history: try await history, fetchedAt: now())
            (kept, isOffline, error) = (fresh, false, nil)
            await context.keep(fresh, as: .score)
        } catch {
            isOffline = kept != nil
            self.error = error.localizedDescription
        }
    }
}
