import Fluent
import Foundation
import RinMatching

/// A card in a profile's book: what its owner knows of someone, never written back to any
/// source. Other people never see it; a linked Rin profile is shown beside it, live.
final class RinContact: Model, CreationStamped, UpdateStamped, @unchecked Sendable {
    static let schema = "rin_contacts"

    @ID(key: .id) var id: UUID?
    @Parent(key: "profile_id") var profile: RinProfile
    @OptionalField(key: "given_name") var givenName: String?
    @OptionalField(key: "family_name") var familyName: String?
    @OptionalField(key: "middle_name") var middleName: String?
    @OptionalField(key: "name_prefix") var namePrefix: String?
    @OptionalField(key: "name_suffix") var nameSuffix: String?
    @OptionalField(key: "display_name") var displayName: String?
    @OptionalField(key: "nickname") var nickname: String?
    @OptionalField(key: "organization") var organization: String?
    @OptionalField(key: "title") var title: String?
    @OptionalField(key: "birthday") var birthday: String?
    @OptionalField(key: "note") var note: String?
    @OptionalParent(key: "photo_id") var photo: MediaItem?
    @Field(key: "favourite") var favourite: Bool
    @OptionalParent(key: "linked_profile_id") var linkedProfile: RinProfile?
    /// How the owner linked it: by a username, or with a card link its person gave (their act too).
    @OptionalField(key: "linked_via") var linkedVia: RinLinkVia?
    @OptionalField(key: "linked_at") var linkedAt: Date?
    @OptionalParent(key: "merged_into") var mergedInto: RinContact?
    /// The shown name folded for sorting (compared byte by byte on both databases).
    @Field(key: "sort_key") var sortKey: String
    /// Names, organisation and values folded, for search.
    @Field(key: "search_text") var searchText: String
    @OptionalField(key: "created_at") var createdAt: Date?
    @OptionalField(key: "updated_at") var updatedAt: Date?
    /// When the owner last changed it by hand (imports compare against this).
    @OptionalField(key: "edited_at") var editedAt: Date?

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $profile, $givenName, $familyName, $middleName, $namePrefix, $nameSuffix, $displayName, $nickname, $organization,
         $title, $birthday, $note, $photo, $favourite, $linkedProfile, $linkedVia, $linkedAt, $mergedInto, $sortKey, $searchText,
         $createdAt, $updatedAt, $editedAt]
    }

    init() {}

    init(profileID: UUID) {
        $profile.id = profileID
        favourite = false
        sortKey = ""
        searchText = ""
    }

    func link(to profileID: UUID, via: RinLinkVia, at date: Date) {
        $linkedProfile.id = profileID
        linkedVia = via
        linkedAt = date
    }

    func unlink() {
        $linkedProfile.id = nil
        linkedVia = nil
        linkedAt = nil
    }
}

/// A phone, e-mail, address or link on a contact. Phones and e-mails carry their normalised form,
/// which matching and linking compare.
final class RinContactValue: Model, @unchecked Sendable {
    static let schema = "rin_contact_values"

    @ID(key: .id) var id: UUID?
    @Parent(key: "contact_id") var contact: RinContact
    /// The book's profile again, so matching finds values by (profile, kind, normalised) alone.
    @Parent(key: "profile_id") var profile: RinProfile
    @Field(key: "kind") var kind: ContactValue.Kind
    @OptionalField(key: "label") var label: String?
    @Field(key: "value") var value: String
    @OptionalField(key: "normalized") var normalized: String?
    @Field(key: "is_primary") var isPrimary: Bool
    @Field(key: "position") var position: Int

    /// Listed, not found by reflection for every row: see `User.properties`.
    var properties: [any AnyProperty] {
        [$id, $contact, $profile, $kind, $label, $value, $normalized, $isPrimary, $position]
    }

    init() {}

    init(contactID: UUID, profileID: UUID, value: ContactValue, position: Int) {
        $contact.id = contactID
        $profile.id = profileID
        kind = value.kind
        label = value.label
        self.value = value.value
        normalized = value.normalized
        isPrimary = value.isPrimary
        self.position = position
    }

    var contactValue: ContactValue {
        ContactValue(id: id, kind: kind, label: label, value: value, normalized: normalized, isPrimary: isPrimary)
    }
}
