import Fluent
import Foundation
import RinPolicy

/// A circle of one profile. Contacts and Public are computed (no member rows) and fixed; the
/// rest list their members. What a field is in a circle is its cell, or the template's value.
final class RinCircle: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_circles"

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Field(key: "kind") var kind: RinCircleKind
    @OptionalField(key: "system_kind") var systemKind: RinCircleKind?
    @Field(key: "template") var template: RinCircleTemplate
    @Field(key: "name") var name: String
    @OptionalField(key: "emoji") var emoji: String?
    @Field(key: "color") var color: String
    @Field(key: "position") var position: Int
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $kind, $systemKind, $template, $name, $emoji, $color, $position, $createdAt]
    }

    init() {}

    init(profileID: UUID, kind: RinCircleKind, template: RinCircleTemplate, name: String, emoji: String?, color: String, position: Int) {
        $profile.id = profileID
        self.kind = kind
        systemKind = kind.isSystem ? kind : nil
        self.template = template
        self.name = name
        self.emoji = emoji
        self.color = color
        self.position = position
    }
}

/// A Rin profile, or a contact of the book, placed in a circle by the circle's owner (exactly one
/// of the two). A contact counts for the Rin profile it is linked to. Nobody is told.
final class RinCircleMember: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_circle_members"

    @ID(key: .id) var id: UUID?
    @Parent(key: "circle_id") var circle: RinCircle
    @OptionalParent(key: "member_profile_id") var memberProfile: RinProfile?
    @OptionalParent(key: "contact_id") var contact: RinContact?
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $circle, $memberProfile, $contact, $createdAt]
    }

    init() {}

    init(circleID: UUID, memberProfileID: UUID) {
        $circle.id = circleID
        $memberProfile.id = memberProfileID
    }

    init(circleID: UUID, contactID: UUID) {
        $circle.id = circleID
        $contact.id = contactID
    }
}

/// One cell of a profile's grid that differs from its circle's template. Absent means the
/// template's value, so a field added later starts right in every circle.
final class RinPolicySetting: Model, @unchecked Sendable {
    static let schema = "rin_policies"

    @ID(key: .id) var id: UUID?
    @Parent(key: "circle_id") var circle: RinCircle
    @Field(key: "field_key") var fieldKey: String
    @Field(key: "access") var access: RinAccess

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $circle, $fieldKey, $access]
    }

    init() {}

    init(circleID: UUID, fieldKey: String, access: RinAccess) {
        $circle.id = circleID
        self.fieldKey = fieldKey
        self.access = access
    }
}

/// What one viewer profile sees of one field (or of every field: `*`), whatever their circles
/// say: set by the owner, or made by approving an ask.
final class RinPersonalOverride: Model, CreationStamped, @unchecked Sendable {
    static let schema = "rin_overrides"

    enum Source: String, Codable, Sendable {
        case manual, ask
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @Parent(key: "viewer_profile_id") var viewerProfile: RinProfile
    @Field(key: "field_key") var fieldKey: String
    @Field(key: "access") var access: RinAccess
    @Field(key: "source") var source: Source
    @OptionalField(key: "created_at") var createdAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $viewerProfile, $fieldKey, $access, $source, $createdAt]
    }

    init() {}

    init(profileID: UUID, viewerProfileID: UUID, fieldKey: String, access: RinAccess, source: Source) {
        $profile.id = profileID
        $viewerProfile.id = viewerProfileID
        self.fieldKey = fieldKey
        self.access = access
        self.source = source
    }
}
