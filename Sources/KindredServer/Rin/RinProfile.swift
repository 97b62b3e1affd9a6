import Fluent
import Foundation
import RinMatching
import RinPolicy

/// One face of a person on Rin: the primary (made on their first Rin request) or an alternate.
/// Each has its own fields, circles and policies; other people see it only through `RinVisibility`.
final class RinProfile: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_profiles"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// The owner's id on the primary profile, nil on alternates (unique: one primary each).
    @OptionalField(key: "primary_user_id") var primaryUserID: UUID?
    @Field(key: "kind") var kind: RinProfileKind
    @Field(key: "display_name") var displayName: String
    @Field(key: "bio") var bio: String
    @OptionalParent(key: "photo_id") var photo: MediaItem?
    @Field(key: "discoverable") var discoverable: Bool
    /// The display name folded (case and accents ignored), what people search finds it by.
    @OptionalField(key: "search_name") var searchName: String?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $primaryUserID, $kind, $displayName, $bio, $photo, $discoverable, $searchName, $createdAt]
    }

    init() {}

    /// Sets the name and the folded form search reads.
    func rename(_ name: String) {
        displayName = name
        searchName = " " + MatchFolding.fold(name) + " "
    }

    init(userID: UUID, kind: RinProfileKind, displayName: String, bio: String = "", discoverable: Bool) {
        $user.id = userID
        primaryUserID = kind == .primary ? userID : nil
        self.kind = kind
        self.bio = bio
        rename(displayName)
        self.discoverable = discoverable
    }
}

/// A phone, e-mail, address, birthday or social account on a profile. Its policy key is
/// `field:<id>`, so editing the value keeps who may see it.
final class RinProfileField: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_profile_fields"

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Field(key: "kind") var kind: RinFieldKind
    @OptionalField(key: "label") var label: RinFieldLabel?
    @Field(key: "value") var value: String
    @Field(key: "is_primary") var isPrimary: Bool
    @Field(key: "position") var position: Int
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $kind, $label, $value, $isPrimary, $position, $createdAt]
    }

    init() {}

    init(profileID: UUID, kind: RinFieldKind, label: RinFieldLabel?, value: String, isPrimary: Bool, position: Int) {
        $profile.id = profileID
        self.kind = kind
        self.label = label
        self.value = value
        self.isPrimary = isPrimary
        self.position = position
    }
}

/// A person's Rin settings, made with their primary profile.
final class RinSettings: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_settings"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    /// Reads phone numbers typed without a country code, in imports and on profiles.
    @Field(key: "default_region") var defaultRegion: String
    /// When onboarding was finished, on any device: a new phone does not offer it again.
    @OptionalField(key: "onboarded_at") var onboardedAt: Date?
    /// Whether the people linked to them may see through them: be shown as a bridge, counted at two
    /// hops, and found on a path (docs/RIN-PART2.md §3). Off until they turn it on.
    @Field(key: "shows_connections") var showsConnections: Bool
    /// When they last opened the security inbox: what came after is unread.
    @OptionalField(key: "security_seen_at") var securitySeenAt: Date?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $user, $defaultRegion, $onboardedAt, $showsConnections, $securitySeenAt, $createdAt]
    }

    init() {}

    init(userID: UUID, defaultRegion: String) {
        $user.id = userID
        self.defaultRegion = defaultRegion
        showsConnections = false
    }
}
