/// What one person's score is computed from (docs/RIN-PART2.md §4). The server fills it from the
/// graph and the tables; days are whole UTC days since 1970-01-01, so no time zone or clock can
/// make two machines disagree.
public struct RinScoreInputs: Hashable, Sendable, Codable {
    /// Today, as a day number.
    public var today: Int
    /// My links today.
    public var links: [Link]
    /// Rin people I hold who do not hold me (one-way edges out).
    public var oneWay: Int
    /// `n · PageRank`: 1 is the average person (§4.3).
    public var centrality: Double
    /// People exactly two links away.
    public var twoHop: Int
    /// My local clustering coefficient.
    public var clustering: Double
    /// My links' intervals that touch the last 90 days, ended ones included (§2.2, §4.4).
    public var history: [Interval]
    public var penalties: [RinPenalty]

    public init(today: Int, links: [Link] = [], oneWay: Int = 0, centrality: Double = 0, twoHop: Int = 0, clustering: Double = 0,
                history: [Interval] = [], penalties: [RinPenalty] = []) {
        self.today = today
        self.links = links
        self.oneWay = oneWay
        self.centrality = centrality
        self.twoHop = twoHop
        self.clustering = clustering
        self.history = history
        self.penalties = penalties
    }

    /// One of my links as Quality sees it.
    public struct Link: Hashable, Sendable, Codable {
        /// The other person's account id, as text: the tie-break among equally old ties.
        public var other: String
        public var confidence: Double
        /// The first day of its current unbroken presence.
        public var since: Int
        /// Made through a verified channel or by a card acceptance (§4.2, verified coverage).
        public var isVerified: Bool
        /// In one of my circles other than Contacts and Public.
        public var isOrganised: Bool

        public init(other: String, confidence: Double = 1, since: Int, isVerified: Bool = false, isOrganised: Bool = false) {
            self.other = other
            self.confidence = confidence
            self.since = since
            self.isVerified = isVerified
            self.isOrganised = isOrganised
        }
    }

    /// A link's presence: from `since` to `endedOn` (nil while it lasts).
    public struct Interval: Hashable, Sendable, Codable {
        public var since: Int
        public var endedOn: Int?

        public init(since: Int, endedOn: Int? = nil) {
            self.since = since
            self.endedOn = endedOn
        }
    }
}

/// A lowering of Trust (docs/RIN-PART2.md §4.5): whole while its cause is unresolved, then
/// decaying to nothing, linearly, over its band's window.
public struct RinPenalty: Hashable, Sendable, Codable {
    public enum Band: String, Hashable, Sendable, Codable, CaseIterable {
        case soft, moderate, hard

        /// Score points while whole.
        public var points: Double {
            switch self {
            case .soft: 8
            case .moderate: 15
            case .hard: 30
            }
        }

        /// Days from resolution to nothing.
        public var decayDays: Int {
            switch self {
            case .soft: 30
            case .moderate: 60
            case .hard: 90
            }
        }
    }

    public enum Cause: String, Hashable, Sendable, Codable {
        case unansweredDispute, upheldDispute, actedOnReport, suspension, deniedSignIn
    }

    public var band: Band
    public var cause: Cause
    /// The day its cause was resolved; nil while it is not.
    public var resolvedOn: Int?

    public init(_ band: Band, cause: Cause, resolvedOn: Int? = nil) {
        self.band = band
        self.cause = cause
        self.resolvedOn = resolvedOn
    }

    /// Its points on `today`.
    public func points(on today: Int) -> Double {
        guard let resolvedOn else { return band.points }
        let elapsed = Double(max(0, today - resolvedOn))
        return band.points * max(0, 1 - elapsed / Double(band.decayDays))
    }

    /// Whole days until it is gone; nil while its cause is unresolved.
    public func daysLeft(on today: Int) -> Int? {
        resolvedOn.map { max(0, $0 + band.decayDays - today) }
    }
}
