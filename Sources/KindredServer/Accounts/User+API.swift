import Foundation
import KindredAPI

extension User {
    /// The public face of an account. `avatar` must have been eager-loaded.
    func profileDTO(mediaURLs: MediaURLSigner, now: Date) throws -> Components.Schemas.Profile {
        Components.Schemas.Profile(
            id: try requireID(), username: username, displayName: displayName, bio: bio,
            avatar: try $avatar.value.flatMap { $0 }.map { try $0.dto(mediaURLs: mediaURLs, now: now) }
        )
    }

    func meDTO(mediaURLs: MediaURLSigner, now: Date) throws -> Components.Schemas.Me {
        Components.Schemas.Me(
            id: try requireID(), email: email, emailVerified: email != nil && emailVerifiedAt != nil,
            hasPassword: passwordHash != nil, hasApple: appleSubject != nil,
            createdAt: createdAt ?? now, profile: try profileDTO(mediaURLs: mediaURLs, now: now)
        )
    }
}

extension MediaItem {
    func dto(mediaURLs: MediaURLSigner, now: Date) throws -> Components.Schemas.Media {
        let signed = mediaURLs.url(for: try publicName(), now: now)
        let type = mediaType ?? .jpeg
        return Components.Schemas.Media(
            id: try requireID(), kind: Components.Schemas.MediaKind(rawValue: type.rawValue) ?? .jpeg,
            contentType: type.contentType, byteCount: byteCount, width: width, height: height,
            durationSeconds: durationSeconds, url: signed.url, urlExpiresAt: signed.expiresAt
        )
    }
}

extension MediaItem {
    /// The file's name in its URL: the media id and the stored file's extension.
    func publicName() throws -> String {
        let id = try requireID().uuidString.lowercased()
        guard let dot = storageKey.lastIndex(of: ".") else { return id }
        return id + storageKey[dot...]
    }
}
