import Foundation

/// Answers with no language model at all, from the intervention's own profile, so the app works
/// out of the box. It is deterministic (the same message gets the same answer), says what it is,
/// and only ever repeats the profile's own researched text, so it cannot make anything up.
struct OfflineProvider: LLMProvider {
    /// A pause between words, so the reply streams like a model's would.
    var wordDelay: Duration = .milliseconds(12)

    var kind: LLMConfiguration.Provider { .offline }

    func reply(to request: LLMRequest) -> AsyncThrowingStream<String, any Error> {
        let text = Self.answer(to: request.messages.last?.text ?? "", from: request.intervention,
                               isFirst: !request.messages.contains { $0.role == .assistant })
        let delay = wordDelay
        return AsyncThrowingStream { continuation in
            let task = Task {
                var first = true
                for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                    if !first, delay > .zero { try? await Task.sleep(for: delay) }
                    continuation.yield(first ? String(word) : " " + word)
                    first = false
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    enum Topic: CaseIterable {
        case greeting, risks, benefits, mechanism, readiness, support, sources, identity
    }

    /// The topic a message asks about, by its words. Order matters: "what are your risks" is
    /// about risks, not about who I am.
    static func topic(of message: String) -> Topic? {
        let words = Set(message.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        let vocabulary: [(Topic, Set<String>)] = [
            (.risks, ["risk", "risks", "danger", "dangerous", "downside", "downsides", "worry", "worried", "bad", "harm",
                      "dealbreaker", "dealbreakers", "problem", "problems", "catch", "flaw", "flaws", "side", "limits", "wrong"]),
            (.benefits, ["benefit", "benefits", "good", "help", "helps", "offer", "pros", "upside", "strength", "strengths", "great", "why"]),
            (.readiness, ["ready", "readiness", "when", "soon", "trl", "deployed", "scale", "today", "tested", "research"]),
            (.mechanism, ["how", "work", "works", "mechanism", "science", "explain", "does", "cost", "costs", "much"]),
            (.support, ["support", "people", "public", "accept", "accepted", "popular", "controversial", "opinion", "think"]),
            (.sources, ["source", "sources", "reference", "references", "evidence", "paper", "papers", "study", "read", "proof"]),
            (.identity, ["who", "yourself", "about", "bio", "you"]),
            (.greeting, ["hi", "hello", "hey", "hiya", "yo", "greetings", "morning", "evening"]),
        ]
        return vocabulary.first { !$0.1.isDisjoint(with: words) }?.0
    }

    static func answer(to message: String, from profile: InterventionProfile, isFirst: Bool) -> String {
        // A stable pick among equally good lines, so repeats of a question vary with its wording
        // but a given message always gets the same answer.
        let seed = Int(DeckService.fnv1a(message.lowercased()) % 1024)
        func pick(_ list: [String]) -> String { list.isEmpty ? "" : list[seed % list.count] }
        let topic = topic(of: message)
        let hello = "Hi, I'm \(profile.name). \(profile.tagline) \(firstSentences(profile.bio, count: 2))"
        let body: String
        switch topic {
        case .greeting, .identity:
            body = hello
        case nil where isFirst:
            body = hello
        case .risks:
            body = "Honestly? \(pick(profile.dealbreakers)) I'd rather you hear that from me now."
        case .benefits:
            body = "What I bring: \(pick(profile.interests)) And I mean that, no exaggeration."
        case .mechanism:
            body = firstSentences(profile.chatContext, count: 2)
        case .readiness:
            body = "My technology readiness is TRL \(profile.techReadiness) of 9, and the research on me is \(researchPhrase(profile.researchLevel)). My effect would be \(profile.impactScale.rawValue) in scale."
        case .support:
            body = "Support for me is \(profile.supportLevel.rawValue). \(pick(profile.dealbreakers))"
        case .sources:
            let titles = profile.references.map { "\($0.title) (\($0.publisher), \($0.year))" }.joined(separator: "; ")
            body = "Don't take my word for it: read \(titles)."
        case nil:
            body = "I can't really chat without a language model, but I can be honest: \(pick(profile.interests)) On the other hand, \(lowercasedFirst(pick(profile.dealbreakers))) Ask me about my risks, my benefits, how I work or how ready I am."
        }
        // That no model is connected is said by the reply's `offline` flag, which both apps show
        // as a badge; in the text it would read as the character speaking.
        return body
    }

    private static func researchPhrase(_ level: InterventionProfile.ResearchLevel) -> String {
        switch level {
        case .early: "still early, mostly theory and models"
        case .emerging: "emerging, with lab and field pilots"
        case .established: "established, with a large literature"
        }
    }

    /// The first sentences of a text: each ends at ".", "!" or "?" followed by a space.
    static func firstSentences(_ text: String, count: Int) -> String {
        var end = text.startIndex
        var found = 0
        var index = text.startIndex
        while index < text.endIndex, found < count {
            let next = text.index(after: index)
            if ".!?".contains(text[index]), next == text.endIndex || text[next] == " " {
                end = next
                found += 1
            }
            index = next
        }
        return found == 0 ? text : String(text[..<end])
    }

    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
