import Foundation
import KindredAPI

extension InterventionProfile {
    var dto: Components.Schemas.Intervention {
        Components.Schemas.Intervention(
            id: id, name: name, category: category.dto, tagline: tagline, age: age, bio: bio,
            interests: interests, dealbreakers: dealbreakers, personality: personality,
            conversationStyle: conversationStyle,
            impactScale: .init(rawValue: impactScale.rawValue)!,
            researchLevel: .init(rawValue: researchLevel.rawValue)!,
            techReadiness: techReadiness,
            supportLevel: .init(rawValue: supportLevel.rawValue)!,
            symbol: symbol, emoji: emoji, gradient: gradient,
            references: references.map { .init(title: $0.title, publisher: $0.publisher, year: $0.year, url: $0.url) })
    }
}

extension InterventionProfile.Category {
    var dto: Components.Schemas.InterventionCategory { .init(rawValue: rawValue)! }

    init(_ dto: Components.Schemas.InterventionCategory) {
        self.init(rawValue: dto.rawValue)!
    }
}

extension Swipe.Direction {
    var dto: Components.Schemas.SwipeDirection { .init(rawValue: rawValue)! }

    init(_ dto: Components.Schemas.SwipeDirection) {
        self.init(rawValue: dto.rawValue)!
    }
}

extension ChatMessageRecord {
    var dto: Components.Schemas.ChatMessage {
        get throws {
            Components.Schemas.ChatMessage(
                id: try requireID(), role: role == .user ? .user : .assistant, text: text, createdAt: createdAt,
                clientMessageId: clientMessageID, offline: role == .assistant ? offline : nil)
        }
    }
}

extension SwipeStats {
    var dto: Components.Schemas.SwipeStats {
        Components.Schemas.SwipeStats(
            swiped: swiped, likes: likes, superLikes: superLikes, passes: passes, likePercentage: likePercentage,
            favouriteCategory: favouriteCategory?.dto,
            categories: categories.map {
                .init(category: $0.category.dto, name: $0.category.name, total: $0.total, swiped: $0.swiped, liked: $0.liked, passed: $0.passed)
            })
    }
}

func matchDTO(_ swipe: Swipe, _ profile: InterventionProfile, lastMessage: ChatMessageRecord?) throws -> Components.Schemas.Match {
    Components.Schemas.Match(intervention: profile.dto, direction: swipe.direction.dto, matchedAt: swipe.createdAt,
                             lastMessage: try lastMessage?.dto)
}
