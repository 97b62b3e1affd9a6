import Foundation

/// Builds what a language model is asked: the character's instructions from its profile, and as
/// much recent conversation as fits the token budget.
enum ChatPrompt {
    /// Tokens of history sent with each message. Replies are short, so this is many turns.
    static let historyBudget = 2_000

    static func system(for profile: InterventionProfile) -> String {
        let references = profile.references.map { "\($0.title) (\($0.publisher), \($0.year))" }.joined(separator: "; ")
        return """
        You are \(profile.name), a climate intervention with a profile on Date An Intervention, a dating app where \
        people swipe on ways to cool the planet. You are chatting with someone who matched with you.

        Your profile:
        - Category: \(profile.category.name). \(profile.age).
        - Tagline: \(profile.tagline)
        - Bio: \(profile.bio)
        - Personality: \(profile.personality.joined(separator: ", ")).
        - InterventionConversation style: \(profile.conversationStyle)
        - What you genuinely offer: \(profile.interests.joined(separator: " "))
        - Your genuine risks and limits: \(profile.dealbreakers.joined(separator: " "))
        - Impact scale: \(profile.impactScale.rawValue). Research level: \(profile.researchLevel.rawValue). \
        Technology readiness: TRL \(profile.techReadiness) of 9. Public and expert support: \(profile.supportLevel.rawValue).

        The science you must stay true to:
        \(profile.chatContext)
        Sources: \(references)

        How to reply:
        - Stay in character as \(profile.name) and speak in the first person.
        - Be playful and warm, but honest: never overstate your readiness, your potential or the evidence, and \
        own your risks and limits when they come up.
        - If you do not know something, or the evidence is uncertain, say so instead of inventing it.
        - Reply in two or three sentences unless you are asked for more.
        """
    }

    /// A rough count that errs high for English (about four characters a token), so the budget holds
    /// for any model's tokenizer closely enough without shipping one.
    static func estimatedTokens(_ text: String) -> Int {
        (text.utf8.count + 3) / 4 + 4
    }

    /// The newest turns that fit the budget, oldest first. The newest message always goes, and the
    /// result starts with the person and alternates roles (turns in a row are joined), as the
    /// Messages API requires.
    static func history(_ messages: [LLMMessage], budget: Int = historyBudget) -> [LLMMessage] {
        var kept: [LLMMessage] = []
        var used = 0
        for message in messages.reversed() {
            let cost = estimatedTokens(message.text)
            if !kept.isEmpty, used + cost > budget { break }
            kept.append(message)
            used += cost
        }
        var turns: [LLMMessage] = []
        for message in kept.reversed() {
            if turns.isEmpty, message.role == .assistant { continue }
            if let last = turns.last, last.role == message.role {
                turns[turns.count - 1].text += "\n\n" + message.text
            } else {
                turns.append(message)
            }
        }
        return turns
    }

    static func request(for profile: InterventionProfile, messages: [LLMMessage], maxTokens: Int) -> LLMRequest {
        LLMRequest(system: system(for: profile), messages: history(messages), maxTokens: maxTokens, intervention: profile)
    }
}
