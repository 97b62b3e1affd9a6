import Foundation
import KindredAPI

extension InterventionProfile {
    var dto: Components.Schemas.Intervention {
        Components.Schemas.Intervention(
            id: id, name: name, category: category.dto, tagline: tagline, age: age, bio: bio,
            interests: interests, dealbreakers: dealbreakers, personality: personality,
            conversationStyle: conversationStyle,
            impactScale: impactScale.dto,
            researchLevel: researchLevel.dto,
            techReadiness: techReadiness,
            supportLevel: supportLevel.dto,
            symbol: symbol, emoji: emoji, gradient: gradient,
            references: references.map { .init(title: $0.title, publisher: $0.publisher, year: $0.year, url: $0.url) })
    }
}

// The catalogue's enums and the contract's are bridged case by case: a case added to one side
// and not the other fails to compile instead of crashing at run time.

extension InterventionProfile.ImpactScale {
    var dto: Components.Schemas.Intervention.ImpactScalePayload {
        switch self {
        case .global: .global
        case .regional: .regional
        case .local: .local
        }
    }
}

extension InterventionProfile.ResearchLevel {
    var dto: Components.Schemas.Intervention.ResearchLevelPayload {
        switch self {
        case .early: .early
        case .emerging: .emerging
        case .established: .established
        }
    }
}

extension InterventionProfile.SupportLevel {
    var dto: Components.Schemas.Intervention.SupportLevelPayload {
        switch self {
        case .low: .low
        case .mixed: .mixed
        case .high: .high
        }
    }
}

extension InterventionProfile.Category {
    var dto: Components.Schemas.InterventionCategory {
        switch self {
        case .srm: .srm
        case .ocean: .ocean
        case .ice: .ice
        case .land: .land
        case .localized: .localized
        }
    }

    init(_ dto: Components.Schemas.InterventionCategory) {
        switch dto {
        case .srm: self = .srm
        case .ocean: self = .ocean
        case .ice: self = .ice
        case .land: self = .land
        case .localized: self = .localized
        }
    }
}

extension InterventionSwipe.Direction {
    var dto: Components.Schemas.InterventionSwipeDirection {
        switch self {
        case .like: .like
        case .pass: .pass
        case .superlike: .superlike
        }
    }

    init(_ dto: Components.Schemas.InterventionSwipeDirection) {
        switch dto {
        case .like: self = .like
        case .pass: self = .pass
        case .superlike: self = .superlike
        }
    }
}

extension LLMConfiguration.Provider {
    var dto: Components.Schemas.InterventionChatProvider.KindPayload {
        switch self {
        case .offline: .offline
        case .openai: .openai
        case .anthropic: .anthropic
        }
    }
}

extension InterventionChatMessageRecord {
    var dto: Components.Schemas.InterventionChatMessage {
        get throws {
            Components.Schemas.InterventionChatMessage(
                id: try requireID(), role: role == .user ? .user : .assistant, text: text, createdAt: createdAt,
                clientMessageId: clientMessageID, offline: role == .assistant ? offline : nil)
        }
    }
}

extension InterventionSwipeTally {
    var dto: Components.Schemas.InterventionSwipeStats {
        Components.Schemas.InterventionSwipeStats(
            swiped: swiped, likes: likes, superLikes: superLikes, passes: passes, likePercentage: likePercentage,
            favouriteCategory: favouriteCategory?.dto,
            categories: categories.map {
                .init(category: $0.category.dto, name: $0.category.name, total: $0.total, swiped: $0.swiped, liked: $0.liked, passed: $0.passed)
            })
    }
}

func matchDTO(_ swipe: InterventionSwipe, _ profile: InterventionProfile, lastMessage: InterventionChatMessageRecord?) throws -> Components.Schemas.InterventionMatch {
    Components.Schemas.InterventionMatch(intervention: profile.dto, direction: swipe.direction.dto, matchedAt: swipe.createdAt,
                             lastMessage: try lastMessage?.dto)
}
