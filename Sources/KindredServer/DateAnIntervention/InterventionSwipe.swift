import Fluent
import Foundation

/// One card swiped by one person. Unique per person and card: a card is swiped once until it is
/// undone or the deck is reset. Likes and super-likes are the matches.
final class InterventionSwipe: Model, @unchecked Sendable {
    static let schema = "date_an_intervention_swipes"

    enum Direction: String, Codable, Sendable { case like, pass, superlike }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "intervention_id") var interventionID: String
    @Enum(key: "direction") var direction: Direction
    @Field(key: "created_at") var createdAt: Date

    /// Listed rather than found by reflection for every row (see `User.properties`).
    var properties: [any AnyProperty] { [$id, $user, $interventionID, $direction, $createdAt] }

    init() {}

    init(userID: UUID, interventionID: String, direction: Direction, at date: Date) {
        $user.id = userID
        self.interventionID = interventionID
        self.direction = direction
        createdAt = date
    }

    var isMatch: Bool { direction != .pass }
}
