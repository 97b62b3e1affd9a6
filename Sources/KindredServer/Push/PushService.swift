import Crypto
import Fluent
import Foundation

/// Each person's notification settings and the push device of each session.
struct PushService {
    let context: ServiceContext

    // MARK: - Settings

    struct KindSetting: Sendable {
        let app: String
        let kind: NotificationKind
        let enabled: Bool
    }

    /// Every kind the apps send, with whether `userID` gets it.
    func settings(of userID: UUID) async throws -> [KindSetting] {
        let muted = Set(try await NotificationMute.query(on: context.database).filter(\.$user.$id == userID).all().map(\.kind))
        return KindredApps.notificationKinds.map { KindSetting(app: $0.app, kind: $0.kind, enabled: !muted.contains($0.kind.id)) }
    }

    /// Turns the named kinds on or off; a kind no app sends is refused before anything changes.
    func update(_ changes: [(kind: String, enabled: Bool)], of userID: UUID) async throws -> [KindSetting] {
        let unknown = changes.map(\.kind).filter { !KindredApps.notificationKindIDs.contains($0) }
        if let first = unknown.first {
            throw AppError.validation(field: "kinds", "There is no kind of notification called “\(first)”.")
        }
        // The last word on a kind named twice wins, as it would sent one after the other.
        var final: [String: Bool] = [:]
        for change in changes { final[change.kind] = change.enabled }
        let on = final.filter(\.value).map(\.key), off = final.filter { !$0.value }.map(\.key)
        try await context.database.writeTransaction { database in
            if !on.isEmpty {
                try await NotificationMute.query(on: database).filter(\.$user.$id == userID).filter(\.$kind ~~ on).delete()
            }
            let already = Set(try await NotificationMute.query(on: database).filter(\.$user.$id == userID).all().map(\.kind))
            let new = off.filter { !already.contains($0) }.map { NotificationMute(userID: userID, kind: $0) }
            if !new.isEmpty { try await new.create(on: database) }
        }
        return try await settings(of: userID)
    }

    // MARK: - Devices

    /// What a client registers: a browser subscription or an iOS device token.
    enum Registration: Sendable {
        case webPush(endpoint: String, p256dh: String, auth: String)
        case apns(token: String, environment: String)
    }

    func device(of caller: Caller) async throws -> PushDevice {
        guard let device = try await PushDevice.query(on: context.database).filter(\.$session.$id == caller.sessionID).first()
        else { throw AppError.notFound("push device") }
        return device
    }

    /// Makes `registration` this session's push device, replacing the one it had, and taking the
    /// subscription or token from any other session that had it.
    func register(_ registration: Registration, for caller: Caller) async throws -> PushDevice {
        let device = try check(registration, for: caller)
        let address = device.address, sessionID = caller.sessionID
        do {
            try await context.database.writeTransaction { database in
                try await PushDevice.query(on: database).group(.or) {
                    $0.filter(\.$session.$id == sessionID).filter(\.$address == address)
                }.delete()
                try await device.create(on: database)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            // The same device registered twice at once (PostgreSQL): the other one stands.
            return try await self.device(of: caller)
        }
        return device
    }

    /// Stops pushes to this session's device.
    func remove(for caller: Caller) async throws {
        try await PushDevice.query(on: context.database).filter(\.$session.$id == caller.sessionID).delete()
    }

    /// A device row for `registration`, or a 422 saying what is wrong with it.
    private func check(_ registration: Registration, for caller: Caller) throws -> PushDevice {
        switch registration {
        case .webPush(let endpoint, let p256dh, let auth):
            guard let url = URL(string: endpoint), url.host != nil,
                  context.configuration.push.webPushServices.contains(where: { $0.admits(url) })
            else {
                throw AppError.validation(field: "webPush.endpoint",
                                          "Notifications can only go to a browser’s own push service; this endpoint is not one.")
            }
            guard let key = Data(base64URLEncoded: p256dh), (try? P256.KeyAgreement.PublicKey(x963Representation: key)) != nil else {
                throw AppError.validation(field: "webPush.keys.p256dh", "This is not a P-256 public key in base64url, as a browser gives it.")
            }
            guard let secret = Data(base64URLEncoded: auth), secret.count == 16 else {
                throw AppError.validation(field: "webPush.keys.auth", "This is not a 16-byte secret in base64url, as a browser gives it.")
            }
            return PushDevice(userID: caller.userID, sessionID: caller.sessionID, kind: .webPush, address: endpoint,
                              p256dh: p256dh, auth: auth)
        case .apns(let token, let environment):
            guard context.services.push.apns != nil else {
                throw AppError(.conflict, .conflict, "This server has no APNs key, so it sends no iOS notifications.")
            }
            guard token.count % 2 == 0, token.allSatisfy(\.isHexDigit) else {
                throw AppError.validation(field: "apns.token", "A device token is hexadecimal, two digits a byte.")
            }
            return PushDevice(userID: caller.userID, sessionID: caller.sessionID, kind: .apns, address: token.lowercased(),
                              apnsEnvironment: environment)
        }
    }
}
