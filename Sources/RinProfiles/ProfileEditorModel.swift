import Foundation
import Observation

/// One profile of mine in detail: its name, bio and whether search finds it, its photo and its
/// fields (in `ProfileEditorModel+Fields.swift`). Each change is checked here where the check is
/// cheap, then by the server, whose answer (a phone in E.164, an e-mail's domain lowercased) is
/// what the screen shows; its field errors land on the form and field they are about.
@MainActor @Observable
public final class ProfileEditorModel {
    /// The forms of the screen, each with its own errors.
    public enum Form: Hashable, Sendable {
        /// Name, bio, discoverable.
        case about
        case photo
        /// The form that adds a field.
        case newField
        /// The form that changes this field.
        case field(UUID)
    }

    public let context: RinContext
    public let profileID: UUID
    public internal(set) var detail: RinProfileDetail?
    /// The profile is not (or no longer) one of mine: a 404.
    public private(set) var isMissing = false
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var isUploadingPhoto = false
    /// A failure that is about no one field (a connection, a limit), in words.
    public internal(set) var error: String?
    /// Field errors per form, keyed by the server's field names (`displayName`, `bio`, `photoId`,
    /// `kind`, `label`, `value`, `isPrimary`).
    public internal(set) var problems: [Form: [String: String]] = [:]

    // The about form, as typed.
    public var displayName = ""
    public var bio = ""
    public var discoverable = false

    /// An upload the server kept whose profile change did not land: a retry with the same bytes
    /// sets it without sending the picture again.
    private var uploaded: (data: Data, mediaID: UUID)?

    public init(context: RinContext, profileID: UUID) {
        self.context = context
        self.profileID = profileID
        if let cached = context.profiles.first(where: { $0.id == profileID }) { takeAbout(from: cached) }
    }

    public var profile: RinProfile? { detail?.profile ?? context.profiles.first { $0.id == profileID } }
    public var fields: [RinProfileField] { detail?.fields ?? [] }
    public var isPrimary: Bool { profile?.kind == .primary }
    /// Whether the photo can be set now (the profile is known). Every profile takes a photo of
    /// its own: the server refuses (422, `photoId`) an upload already shown on another of my
    /// profiles or, for an alternate, as my avatar, since either would tie the two together.
    /// `setPhoto` uploads every picture anew, so it never meets that refusal.
    public var canHavePhoto: Bool { profile != nil }

    public func errors(_ form: Form) -> [String: String] { problems[form] ?? [:] }

    /// Whether the about form differs from what is saved.
    public var hasChanges: Bool {
        guard let profile else { return false }
        return about(against: profile) != RinProfileEdit()
    }

    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let detail = try await context.session.rinProfile(profileID)
            take(detail)
            takeAbout(from: detail.profile)
            (isMissing, error) = (false, nil)
        } catch let failure as KindredError where failure.status == 404 {
            (detail, isMissing, error) = (nil, true, nil)
        } catch {
            self.error = error.localizedDescription
        }
    }

    // MARK: - About

    /// Saves the name, bio and discoverable setting together; only what changed is sent.
    @discardableResult
    public func save() async -> Bool {
        guard let profile else { return false }
        let edit = about(against: profile)
        var errors: [String: String] = [:]
        if let name = edit.displayName { errors["displayName"] = ProfileRules.displayNameProblem(name) }
        if let bio = edit.bio { errors["bio"] = ProfileRules.bioProblem(bio) }
        problems[.about] = errors
        guard errors.isEmpty else { return false }
        guard edit != RinProfileEdit() else { return true }
        return await update(edit, form: .about)
    }

    /// Puts the form back to what is saved.
    public func discardChanges() {
        if let profile { takeAbout(from: profile) }
        problems[.about] = nil
    }

    // MARK: - Photo

    /// Uploads `data` (a JPEG, PNG, HEIC or WebP from the picker) and makes it the photo.
    @discardableResult
    public func setPhoto(_ data: Data) async -> Bool {
        guard data.count <= ProfileRules.photoByteLimit else {
            problems[.photo] = ["photoId": "That photo is larger than 15 MB. Please choose a smaller one."]
            return false
        }
        problems[.photo] = nil
        isUploadingPhoto = true
        defer { isUploadingPhoto = false }
        let mediaID: UUID
        if let uploaded, uploaded.data == data {
            mediaID = uploaded.mediaID
        } else {
            do {
                mediaID = try await context.session.uploadMedia(data).id
                uploaded = (data, mediaID)
            } catch {
                fail(error, form: .photo)
                return false
            }
        }
        let saved = await update(RinProfileEdit(photoId: mediaID), form: .photo)
        // Refused for good (not an image): the upload is of no further use.
        if saved || error == nil { uploaded = nil }
        return saved
    }

    @discardableResult
    public func removePhoto() async -> Bool {
        guard profile?.photo != nil else { return true }
        return await update(RinProfileEdit(removePhoto: true), form: .photo)
    }

    // MARK: - Shared

    func update(_ edit: RinProfileEdit, form: Form) async -> Bool {
        isSaving = true
        defer { isSaving = false }
        do {
            let detail = try await context.session.updateRinProfile(profileID, edit)
            take(detail)
            if form == .about { takeAbout(from: detail.profile) }
            (problems[form], error) = (nil, nil)
            return true
        } catch {
            fail(error, form: form)
            return false
        }
    }

    /// Keeps the server's answer, here and in the context (the card picker shows it).
    func take(_ detail: RinProfileDetail) {
        self.detail = detail
        context.put(detail.profile)
    }

    /// Field errors go to their form; anything else is the screen's.
    func fail(_ failure: any Error, form: Form) {
        if let fields = (failure as? KindredError)?.formErrors {
            problems[form] = fields
            error = nil
        } else {
            error = failure.localizedDescription
        }
    }

    private func takeAbout(from profile: RinProfile) {
        (displayName, bio, discoverable) = (profile.displayName, profile.bio, profile.discoverable)
    }

    /// The about form's changes: trimmed, and only what differs from `profile`.
    private func about(against profile: RinProfile) -> RinProfileEdit {
        var edit = RinProfileEdit()
        let name = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        let bio = bio.trimmingCharacters(in: .whitespacesAndNewlines)
        if name != profile.displayName { edit.displayName = name }
        if bio != profile.bio { edit.bio = bio }
        if discoverable != profile.discoverable { edit.discoverable = discoverable }
        return edit
    }
}
