/// What a component is made of, in words, and the one change that would raise it most
/// (docs/RIN-PART2.md §4.7). The change is chosen by computing the component again with each
/// candidate change and keeping the biggest gain, so the advice always follows the formula.
public struct RinScoreExplanation: Hashable, Sendable, Codable {
    public enum Component: String, Hashable, Sendable, Codable, CaseIterable {
        case quality, position, stability, trust
    }

    public var component: Component
    /// 0...1, as the bar shows it.
    public var value: Double
    public var summary: String
    /// Nil when nothing would raise it (full marks, or nothing in the person's hands).
    public var toRaise: String?
}

extension RinScoreFormula {
    /// The four explanations, the one that costs the score most first (its shortfall times its
    /// weight), then in the formula's order.
    public static func explain(_ inputs: RinScoreInputs) -> [RinScoreExplanation] {
        let result = score(inputs)
        let explanations = [quality(inputs, result), position(inputs, result), stability(inputs, result), trust(inputs, result)]
        let weight: [RinScoreExplanation.Component: Double] = [
            .quality: weights.quality, .position: weights.position, .stability: weights.stability, .trust: weights.trust,
        ]
        return explanations.enumerated().sorted { left, right in
            let a = (1 - left.element.value) * weight[left.element.component, default: 0]
            let b = (1 - right.element.value) * weight[right.element.component, default: 0]
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
    }

    private static func quality(_ inputs: RinScoreInputs, _ result: RinScoreResult) -> RinScoreExplanation {
        let q = result.quality
        let held = q.links + q.oneWay
        let summary = held == 0
            ? "None of the people in your book is linked with you on Rin yet."
            : "\(q.links) of the \(held) people on Rin in your book have you in theirs too."
        var options: [(gain: Double, advice: String)] = []
        func gain(_ change: (inout RinScoreInputs) -> Void) -> Double {
            var changed = inputs
            change(&changed)
            return quality(changed).value - q.value
        }
        let newLink = RinScoreInputs.Link(other: "", since: inputs.today, isVerified: true)
        if q.oneWay > 0 {
            options.append((gain { $0.oneWay -= 1; $0.links.append(newLink) },
                            "Ask the \(q.oneWay == 1 ? "person" : "\(q.oneWay) people") you hold on Rin to add you back: a mutual link counts most."))
        } else {
            options.append((gain { $0.links.append(newLink) }, "Share your card link with people you know: each mutual link raises Quality."))
        }
        if let index = inputs.links.indices.first(where: { !inputs.links[$0].isVerified }) {
            options.append((gain { $0.links[index].isVerified = true },
                            "Link with people through their card links: those links count as verified."))
        }
        if let index = inputs.links.indices.first(where: { !inputs.links[$0].isOrganised }) {
            options.append((gain { $0.links[index].isOrganised = true },
                            "Put your links in circles (Family, Friends, Colleagues or your own): up to 5 % more."))
        }
        let best = options.filter { $0.gain > 0 }.max { $0.gain < $1.gain }
        return .init(component: .quality, value: q.value, summary: summary, toRaise: best?.advice)
    }

    private static func position(_ inputs: RinScoreInputs, _ result: RinScoreResult) -> RinScoreExplanation {
        let p = result.position
        let summary = inputs.links.isEmpty
            ? "You have no links yet, so nobody is reached through you."
            : "You reach \(inputs.links.count) \(inputs.links.count == 1 ? "person" : "people") directly and \(p.twoHop) through them."
        guard p.value < 1 else { return .init(component: .position, value: p.value, summary: summary, toRaise: nil) }
        // One new link to someone none of my links know: more reach, and my links less clustered.
        var changed = inputs
        let k = Double(inputs.links.count)
        changed.links.append(.init(other: "", since: inputs.today))
        changed.clustering = k < 1 ? 0 : inputs.clustering * (k - 1) / (k + 1)
        let advice = position(changed).value > p.value
            ? (p.bridge < 0.5 && inputs.links.count >= 2
               ? "Link with someone from outside the groups you know: people who connect separate groups count more."
               : "Each new mutual link widens the network you reach.")
            : nil
        return .init(component: .position, value: p.value, summary: summary, toRaise: advice)
    }

    private static func stability(_ inputs: RinScoreInputs, _ result: RinScoreResult) -> RinScoreExplanation {
        let s = result.stability
        let summary: String
        if inputs.history.isEmpty {
            summary = "You have no links yet: stability grows as they last."
        } else if s.coreTies == 0 {
            summary = "Your network is newer than three months: stability grows as your links last."
        } else {
            summary = "\(Int((s.persistence * 100).rounded())) % of the links you had three months ago are still there."
        }
        let advice = s.value < 1 && !inputs.history.isEmpty ? "Keep the links you have: ties that last three months count most." : nil
        return .init(component: .stability, value: s.value, summary: summary, toRaise: advice)
    }

    private static func trust(_ inputs: RinScoreInputs, _ result: RinScoreResult) -> RinScoreExplanation {
        let active = inputs.penalties.filter { $0.points(on: inputs.today) > 0 }
        guard !active.isEmpty else {
            return .init(component: .trust, value: result.trust.value, summary: "Nothing lowers your trust.", toRaise: nil)
        }
        let points = Int(result.trust.penaltyPoints.rounded(.toNearestOrAwayFromZero))
        let summary = active.count == 1 ? "A flag on your account lowers your score by \(points) points."
            : "\(active.count) flags on your account lower your score by \(points) points."
        let advice: String
        if active.contains(where: { $0.cause == .unansweredDispute && $0.resolvedOn == nil }) {
            advice = "Answer the open dispute in your security inbox: the penalty starts to fade once you do."
        } else {
            let days = active.compactMap { $0.daysLeft(on: inputs.today) }.max() ?? 0
            advice = "It fades by itself: gone in \(days) \(days == 1 ? "day" : "days") with no new flag."
        }
        return .init(component: .trust, value: result.trust.value, summary: summary, toRaise: advice)
    }
}
