import Foundation
import Testing
@testable import KindredServer

@Suite("Chat prompt and offline replies")
struct ChatPromptTests {
    static func profile(_ id: String = "marine-cloud-brightening") throws -> InterventionProfile {
        try #require(try InterventionCatalogueFile.bundled().interventions.first { $0.id == id })
    }

    @Test func theSystemPromptFollowsTheTemplate() throws {
        let profile = try Self.profile()
        let system = ChatPrompt.system(for: profile)
        #expect(system.hasPrefix("You are \(profile.name), a climate intervention"))
        for part in [profile.bio, profile.conversationStyle, profile.chatContext, profile.category.name,
                     "TRL \(profile.techReadiness) of 9", "Stay in character", "two or three sentences", "honest"] {
            #expect(system.contains(part), "the prompt lacks \(part.prefix(40))")
        }
        for line in profile.interests + profile.dealbreakers + profile.references.map(\.title) {
            #expect(system.contains(line))
        }
    }

    @Test func historyKeepsTheNewestTurnsWithinTheBudget() {
        let long = String(repeating: "word ", count: 200)  // about 254 tokens each
        let messages = (0...20).map { LLMMessage(role: $0.isMultiple(of: 2) ? .user : .assistant, text: "\($0) " + long) }
        let kept = ChatPrompt.history(messages, budget: 1_000)
        #expect(kept.reduce(0) { $0 + ChatPrompt.estimatedTokens($1.text) } <= 1_000)
        #expect(kept.last?.text.hasPrefix("20 ") == true, "the newest message is kept")
        #expect(kept.first?.role == .user, "the history starts with the person")
        #expect(kept.count >= 2)
    }

    @Test func theNewestMessageGoesEvenAlone() {
        let huge = String(repeating: "x", count: 20_000)
        let kept = ChatPrompt.history([.init(role: .user, text: "old"), .init(role: .user, text: huge)], budget: 100)
        #expect(kept.map(\.text) == [huge])
    }

    @Test func turnsInARowAreJoinedAndRolesAlternate() {
        let kept = ChatPrompt.history([
            .init(role: .assistant, text: "orphan reply"), .init(role: .user, text: "one"), .init(role: .user, text: "two"),
            .init(role: .assistant, text: "answer"), .init(role: .user, text: "three"),
        ])
        #expect(kept.map(\.role) == [.user, .assistant, .user])
        #expect(kept[0].text == "one\n\ntwo")
    }

    @Test func offlineRepliesAreDeterministicHonestAndOnTopic() throws {
        let profile = try Self.profile()
        let risks = OfflineProvider.answer(to: "What are your risks?", from: profile, isFirst: false)
        #expect(risks == OfflineProvider.answer(to: "What are your risks?", from: profile, isFirst: false))
        #expect(profile.dealbreakers.contains { risks.contains($0) })
        let benefits = OfflineProvider.answer(to: "What's good about you?", from: profile, isFirst: false)
        #expect(profile.interests.contains { benefits.contains($0) })
        let readiness = OfflineProvider.answer(to: "How ready are you?", from: profile, isFirst: false)
        #expect(readiness.contains("TRL \(profile.techReadiness) of 9"))
        let sources = OfflineProvider.answer(to: "Any sources?", from: profile, isFirst: false)
        #expect(sources.contains(profile.references[0].title))
        let first = OfflineProvider.answer(to: "hi", from: profile, isFirst: true)
        // The reply's `offline` flag says no model is connected; the character's words never do.
        #expect(!first.contains("Offline mode") && !first.contains("no language model"))
        #expect(first.contains(profile.name))
    }

    @Test func theOfflineProviderStreamsItsAnswerInPieces() async throws {
        let profile = try Self.profile()
        let request = ChatPrompt.request(for: profile, messages: [.init(role: .user, text: "What are your risks?")], maxTokens: 100)
        var pieces: [String] = []
        for try await piece in OfflineProvider(wordDelay: .zero).reply(to: request) { pieces.append(piece) }
        #expect(pieces.count > 5)
        #expect(pieces.joined() == OfflineProvider.answer(to: "What are your risks?", from: profile, isFirst: true))
    }

    @Test func sentencesAreCutAtTheirEnds() {
        #expect(OfflineProvider.firstSentences("One. Two! Three? Four.", count: 2) == "One. Two!")
        #expect(OfflineProvider.firstSentences("About 0.5 C cooling. Then more.", count: 1) == "About 0.5 C cooling.")
        #expect(OfflineProvider.firstSentences("No ending", count: 1) == "No ending")
    }
}
