/// docs/RIN.md §2.3's score table, row by row. The numbers are the document's first cut; the
/// benchmark (`RinBenchmarks`) is where they are tuned, and a change here is a change there.
///
/// | Evidence | Confidence |
/// |---|---|
/// | shared e-mail or phone, compatible name, no birthday clash (sure) | 0.97 |
/// | shared channel, compatible name, birthday clash; or shared channel, similar name | 0.85 |
/// | no shared channel, same full name, and an agreeing organisation, birthday or employer domain | 0.80 |
/// | shared e-mail, different names | 0.75 |
/// | no shared channel, same full name only | 0.70 |
/// | shared phone only, different names (a household or switchboard line) | 0.60 |
///
/// Where the table is silent (our decisions):
/// - "Similar name" is Jaro–Winkler ≥ 0.92 on names that are not compatible; it applies with or
///   without a birthday clash, as the row says.
/// - An agreeing birthday is `agree` or `compatible` (`--0315` and `1985-03-15`).
/// - Same full name with no shared channel and a birthday clash gets no row (0, hidden): two
///   John Smiths born on different days are two people, and suggesting them only adds noise.
/// - Any pair no row describes (different names, no channel) scores 0.
public enum MatchScorer {
    public static let sure = 0.97
    public static let nearSure = 0.85
    public static let sameNameAndMore = 0.80
    public static let sharedEmailOnly = 0.75
    public static let sameNameOnly = 0.70
    public static let sharedPhoneOnly = 0.60

    /// From here on, a sure pair merges automatically (§2.3: "marked for calibration").
    public static let automaticThreshold = 0.95
    /// From here on, a pair is shown as a suggestion.
    public static let suggestionThreshold = 0.70
    /// "Similar name" in the table.
    public static let similarNameThreshold = 0.92

    public static func verdict(_ a: MatchRecord, _ b: MatchRecord) -> MatchVerdict {
        verdict(for: evidence(a, b))
    }

    /// What `a` and `b` have in common; symmetric.
    public static func evidence(_ a: MatchRecord, _ b: MatchRecord) -> MatchEvidence {
        evidence(a, b, similarity: nil)
    }

    /// `evidence(a, b)`, with the rounded name similarity when the caller has it already.
    private static func evidence(_ a: MatchRecord, _ b: MatchRecord, similarity known: Double?) -> MatchEvidence {
        let sameFullName = !a.name.isEmpty && a.fullName == b.fullName
        // Equal keys are equal names, which Jaro–Winkler scores 1 anyway; skipping it keeps the
        // common case (the same person typed the same way) cheap.
        let similarity = sameFullName ? 1 : known ?? roundedNameSimilarity(a.name, b.name)
        let organizations = (a.organization, b.organization)
        return MatchEvidence(
            sharedEmails: sharedChannels(a, b, emails: true),
            sharedPhones: sharedChannels(a, b, emails: false),
            nameSimilarity: similarity,
            compatibleNames: sameFullName || NameKey.compatible(a.name, b.name),
            sameFullName: sameFullName,
            sharedEmployerDomains: sharedEmployerDomains(a.emails, b.emails),
            sameOrganization: organizations.0 != nil && organizations.0 == organizations.1,
            birthday: BirthdayAgreement.compare(a.birthday, b.birthday))
    }

    /// `verdict(a, b).isSure`, without the name similarity (it only sets the confidence of pairs
    /// that are not sure) and without listing what is shared: the planner asks this of every
    /// pair in the book around a batch's sure pairs.
    static func isSure(_ a: MatchRecord, _ b: MatchRecord) -> Bool {
        let sameFullName = !a.name.isEmpty && a.fullName == b.fullName
        return (sharesEmail(a, b) || sharesPhone(a, b))
            && (sameFullName || NameKey.compatible(a.name, b.name))
            && BirthdayAgreement.compare(a.birthday, b.birthday) != .clash
    }

    static func sharesEmail(_ a: MatchRecord, _ b: MatchRecord) -> Bool {
        sharesChannel(a, b, 0..<a.emails.count, 0..<b.emails.count, emails: true)
    }

    static func sharesPhone(_ a: MatchRecord, _ b: MatchRecord) -> Bool {
        sharesChannel(a, b, a.emails.count..<a.channelKeyCount, b.emails.count..<b.channelKeyCount, emails: false)
    }

    /// Whether the two share an e-mail (or phone), told by the channels' block fingerprints, which
    /// each record holds in its own storage, and confirmed on the text only where two agree (so
    /// a collision of fingerprints can never share a channel): walking both sorted lists
    /// compared strings, most of them different, for every candidate pair.
    private static func sharesChannel(_ a: MatchRecord, _ b: MatchRecord, _ left: Range<Int>, _ right: Range<Int>,
                                      emails: Bool) -> Bool {
        for i in left {
            let print = a.blockFingerprint(i)
            for j in right where b.blockFingerprint(j) == print {
                let (mine, theirs) = emails ? (a.emails, b.emails) : (a.phones, b.phones)
                if mine[i - left.lowerBound] == theirs[j - right.lowerBound] { return true }
            }
        }
        return false
    }

    /// `sortedIntersection(a.employerDomains, b.employerDomains)`, with a domain made only where
    /// two addresses' domains are the same bytes.
    static func sharedEmployerDomains(_ a: [String], _ b: [String]) -> [String] {
        if a.isEmpty || b.isEmpty { return [] }
        var shared: [String] = []
        for left in a where b.contains(where: { sameDomain(left, $0) }) {
            if let domain = WebmailDomains.employerDomain(of: left) { shared.append(domain) }
        }
        if shared.count > 1 { shared.sortUnique() }
        return shared
    }

    /// Whether two normalised addresses have the same domain (the bytes after the last `@`),
    /// compared from the end, where two different domains mostly differ first.
    private static func sameDomain(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                var i = left.count - 1, j = right.count - 1
                while i >= 0 && j >= 0 && left[i] == right[j] {
                    if left[i] == UInt8(ascii: "@") { return i + 1 < left.count }
                    i -= 1
                    j -= 1
                }
                return false
            }
        }
    }

    /// The e-mails (or phones) both records hold, sorted: `sortedIntersection` of the two lists,
    /// found through their fingerprints as `sharesChannel` finds them.
    private static func sharedChannels(_ a: MatchRecord, _ b: MatchRecord, emails: Bool) -> [String] {
        let mine = emails ? a.emails : a.phones, theirs = emails ? b.emails : b.phones
        if mine.isEmpty || theirs.isEmpty { return [] }
        let (leftStart, rightStart) = emails ? (0, 0) : (a.emails.count, b.emails.count)
        // Most pairs share one value or none: counted first, the list is then either empty, one
        // side's whole list (returned as it is, shared), or built.
        var count = 0
        for i in mine.indices {
            let print = a.blockFingerprint(leftStart + i)
            for j in theirs.indices where b.blockFingerprint(rightStart + j) == print && mine[i] == theirs[j] { count += 1 }
        }
        if count == 0 { return [] }
        if count == mine.count { return mine }
        if count == theirs.count { return theirs }
        return sortedIntersection(mine, theirs)
    }

    /// `verdict(a, b)` when its tier is shown, else nil: the planner's question for every
    /// candidate pair. Most candidates are people sharing a household or office phone, whose
    /// verdict (0.60, hidden) needs only to know that their names are not similar; a bound on
    /// Jaro–Winkler from the letters the two names have in common tells that for most of them
    /// without computing it. A shown verdict is always `verdict(a, b)`, evidence and all.
    static func shownVerdict(_ a: MatchRecord, _ b: MatchRecord) -> MatchVerdict? {
        if cannotBeShown(a, b) { return nil }
        // The table's hidden rows told before any list of shared values is made: no shared
        // channel without the same full name (or with a birthday clash), and a shared phone alone
        // between names neither compatible nor similar. About four in ten pairs that get this far
        // are hidden, and their evidence was built only to be dropped.
        let sameFullName = !a.name.isEmpty && a.fullName == b.fullName
        var similarity: Double?
        if !sharesEmail(a, b) {
            if !sharesPhone(a, b) {
                guard sameFullName, BirthdayAgreement.compare(a.birthday, b.birthday) != .clash else { return nil }
            } else if !sameFullName && !NameKey.compatible(a.name, b.name) {
                let rounded = roundedNameSimilarity(a.name, b.name)
                guard rounded >= similarNameThreshold else { return nil }
                similarity = rounded
            }
        }
        let verdict = verdict(for: evidence(a, b, similarity: similarity))
        return verdict.tier == .hidden ? nil : verdict
    }

    /// `nameSimilarity` rounded to three decimals, as the evidence keeps it and the table reads it.
    private static func roundedNameSimilarity(_ a: NameKey, _ b: NameKey) -> Double {
        (nameSimilarity(a, b) * 1000).rounded() / 1000
    }

    /// Whether the table hides the pair whatever the names' similarity is: no shared e-mail,
    /// names neither the same nor compatible (so not sure, and no "same full name" row), and
    /// surely not similar: then a shared phone scores 0.60 and no shared channel 0.
    private static func cannotBeShown(_ a: MatchRecord, _ b: MatchRecord) -> Bool {
        if a.name.isEmpty || b.name.isEmpty || a.fullName == b.fullName || sharesEmail(a, b) { return false }
        if NameKey.compatible(a.name, b.name) { return false }
        return isSurelyDissimilar(a.name, b.name)
    }

    /// Whether `nameSimilarity(a, b)`, rounded as the evidence keeps it, is surely below
    /// `similarNameThreshold`. Only for names that align whole (`NameKey.alignsWhole`), whose
    /// similarity is Jaro–Winkler on the whole names in order or sorted: both readings have the
    /// same letters, and Jaro's matches `m` are at most the letters the two have in common `c`,
    /// so Jaro is at most `(c/|a| + c/|b| + 1) / 3` and Jaro–Winkler at most that plus
    /// 0.4 × (1 − it). ASCII only (the Unicode path counts `Character`s); false when unsure.
    static func isSurelyDissimilar(_ a: NameKey, _ b: NameKey) -> Bool {
        guard NameKey.alignsWhole(a, b) else { return false }
        var left = a.fullKey, right = b.fullKey
        let common: Int? = left.withUTF8 { left in
            right.withUTF8 { right in
                guard ASCIIText.isASCII(left), ASCIIText.isASCII(right) else { return nil }
                return commonLetters(left, right)
            }
        }
        guard let common else { return false }
        let lengths = (Double(a.fullKey.utf8.count), Double(b.fullKey.utf8.count))
        let jaro = min(1, (Double(common) / lengths.0 + Double(common) / lengths.1 + 1) / 3)
        let bound = jaro + 4 * 0.1 * (1 - jaro)
        // A margin for the rounding to three decimals (0.9196 is kept as 0.920).
        return bound < similarNameThreshold - 0.001
    }

    /// How many bytes `a` and `b` have in common, counted with repeats, as an upper bound: bytes
    /// are counted in 64 classes by their low six bits, which can only join letters, never part
    /// them, so the count never falls below the true one.
    private static func commonLetters(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { counts in
            counts.initialize(repeating: 0)
            for byte in a { counts[Int(byte & 63)] += 1 }
            var common = 0
            for byte in b where counts[Int(byte & 63)] > 0 {
                counts[Int(byte & 63)] -= 1
                common += 1
            }
            return common
        }
    }

    /// "Similar name": the better of the whole names compared (`NameKey.similarity`, in order and
    /// with the words sorted) and the names compared on what both wrote (`alignedSimilarity`).
    static func nameSimilarity(_ a: NameKey, _ b: NameKey) -> Double {
        if a.isEmpty || b.isEmpty { return 0 }
        // `NameKey.similarity`'s two readings, the whole names in order kept apart: the aligned
        // names are most often the whole names, whose score is then known.
        let inOrder = JaroWinkler.similarity(a.fullKey, b.fullKey)
        let sorted = a.isInOrder && b.isInOrder ? inOrder : JaroWinkler.similarity(a.sortedKey, b.sortedKey)
        return max(inOrder, sorted, NameKey.alignedSimilarity(a, b, whole: inOrder))
    }

    /// The table applied to `evidence`: a verdict is a function of its evidence alone, so a stored
    /// suggestion can always be re-derived.
    public static func verdict(for evidence: MatchEvidence) -> MatchVerdict {
        let clash = evidence.birthday == .clash
        let isSure = evidence.sharesChannel && evidence.compatibleNames && !clash
        return MatchVerdict(confidence: confidence(evidence, clash: clash, isSure: isSure), isSure: isSure, evidence: evidence)
    }

    private static func confidence(_ evidence: MatchEvidence, clash: Bool, isSure: Bool) -> Double {
        if isSure { return sure }
        if evidence.sharesChannel {
            if evidence.compatibleNames || evidence.nameSimilarity >= similarNameThreshold { return nearSure }
            return evidence.sharedEmails.isEmpty ? sharedPhoneOnly : sharedEmailOnly
        }
        guard evidence.sameFullName, !clash else { return 0 }
        let birthdayAgrees = evidence.birthday == .agree || evidence.birthday == .compatible
        if evidence.sameOrganization || birthdayAgrees || !evidence.sharedEmployerDomains.isEmpty { return sameNameAndMore }
        return sameNameOnly
    }

    /// §2.3's tiers; `.automatic` also needs the sure condition, whatever the number.
    public static func tier(confidence: Double, isSure: Bool) -> MatchTier {
        if isSure && confidence >= automaticThreshold { return .automatic }
        return confidence >= suggestionThreshold ? .suggestion : .hidden
    }

    /// Both lists are sorted and unique (`MatchRecord` keeps them so): a merge walk, no sets.
    static func sortedIntersection(_ a: [String], _ b: [String]) -> [String] {
        if a.isEmpty || b.isEmpty { return [] }
        // Mostly one side's whole list (both cards carry the one address): that list is returned
        // as it is, shared, rather than copied.
        var count = 0
        SortedMerge.forEachShared(a, b) { _ in count += 1 }
        if count == 0 { return [] }
        if count == a.count { return a }
        if count == b.count { return b }
        var shared: [String] = []
        shared.reserveCapacity(count)
        SortedMerge.forEachShared(a, b) { shared.append($0) }
        return shared
    }
}
