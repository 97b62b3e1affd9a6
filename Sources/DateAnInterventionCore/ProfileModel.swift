import Foundation
import KindredSDK
import Observation

/// One intervention's full profile, and what I have done with it.
@MainActor @Observable
public final class ProfileModel {
    public let interventionID: String
    public private(set) var intervention: Intervention?
    public private(set) var swipe: SwipeDirection?
    /// Set when a swipe from the profile made a match.
    public private(set) var newMatch: Match?
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession, interventionID: String) {
        self.session = session
        self.interventionID = interventionID
    }

    /// Only matches can be messaged.
    public var canMessage: Bool { swipe == .like || swipe == .superlike }

    public func load() async {
        do {
            let detail = try await session.intervention(interventionID)
            intervention = detail.intervention
            swipe = detail.swipe
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Swipes from the profile itself (a card opened before it was swiped).
    public func swipe(_ direction: SwipeDirection) async {
        do {
            let result = try await session.swipe(interventionID, direction)
            swipe = result.direction
            newMatch = result.match
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }
}

/// Two interventions side by side, row by row, noting which one leads where "more" is clearer.
@MainActor @Observable
public final class ComparisonModel {
    public struct Row: Equatable, Sendable, Identifiable {
        public var id: String { label }
        public enum Leader: Sendable { case first, second }
        public var label: String
        public var first: String
        public var second: String
        public var leader: Leader?
    }

    public private(set) var first: Intervention?
    public private(set) var second: Intervention?
    public private(set) var error: String?

    private let session: KindredSession
    /// Only the newest comparison may write: a slow earlier one must not overwrite it.
    private var generation = 0

    public init(session: KindredSession) {
        self.session = session
    }

    public func compare(_ firstID: String, _ secondID: String) async {
        generation += 1
        let mine = generation
        do {
            async let a = session.intervention(firstID)
            async let b = session.intervention(secondID)
            let pair = (try await a.intervention, try await b.intervention)
            guard mine == generation else { return }
            (first, second) = pair
            error = nil
        } catch {
            guard mine == generation, !(error is CancellationError) else { return }
            self.error = error.localizedDescription
        }
    }

    public var rows: [Row] {
        guard let first, let second else { return [] }
        func lead<T: Comparable>(_ a: T, _ b: T) -> Row.Leader? { a == b ? nil : (a > b ? .first : .second) }
        return [
            Row(label: "Category", first: first.category.displayName, second: second.category.displayName),
            Row(label: "Impact scale", first: first.impactScale.rawValue.capitalized, second: second.impactScale.rawValue.capitalized,
                leader: lead(Self.rank(first.impactScale), Self.rank(second.impactScale))),
            Row(label: "Research", first: first.researchLevel.rawValue.capitalized, second: second.researchLevel.rawValue.capitalized,
                leader: lead(Self.rank(first.researchLevel), Self.rank(second.researchLevel))),
            Row(label: "Tech readiness", first: "TRL \(first.techReadiness)/9", second: "TRL \(second.techReadiness)/9",
                leader: lead(first.techReadiness, second.techReadiness)),
            Row(label: "Support", first: first.supportLevel.rawValue.capitalized, second: second.supportLevel.rawValue.capitalized,
                leader: lead(Self.rank(first.supportLevel), Self.rank(second.supportLevel))),
            Row(label: "Benefits listed", first: "\(first.interests.count)", second: "\(second.interests.count)"),
            Row(label: "Dealbreakers listed", first: "\(first.dealbreakers.count)", second: "\(second.dealbreakers.count)"),
        ]
    }

    static func rank(_ scale: Intervention.ImpactScalePayload) -> Int {
        switch scale { case .local: 0; case .regional: 1; case .global: 2 }
    }

    static func rank(_ level: Intervention.ResearchLevelPayload) -> Int {
        switch level { case .early: 0; case .emerging: 1; case .established: 2 }
    }

    static func rank(_ support: Intervention.SupportLevelPayload) -> Int {
        switch support { case .low: 0; case .mixed: 1; case .high: 2 }
    }
}
