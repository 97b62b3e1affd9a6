import Crypto
import Fluent
import Foundation
import KindredAPI

/// Account alerts (`AccountAlert`): raised when a session starts on a device the account has not
/// used in 90 days and when sessions are ended from another device; listed and answered by the
/// account's owner.
struct AccountAlertService {
    let context: ServiceContext

    /// A device unused this long is new again.
    static let deviceMemory: TimeInterval = 90 * 24 * 3600

    /// Remembers the device a session started on. An account that has signed in before, but not
    /// from this device in 90 days, gets a new-device alert on its devices. A new account (or one
    /// whose devices were never recorded) only learns the device.
    func sessionStarted(_ issued: SessionIssuer.Issued, device label: String, installation: String?) async throws {
        let now = context.now
        let key = Self.deviceKey(installation: installation, label: label)
        let userID = issued.userID
        let devices = try await KnownDevice.query(on: context.database).filter(\.$user.$id == userID).all()
        let known = devices.first { $0.keyHash == key }
        if let known {
            let lapsed = now.timeIntervalSince(known.lastSeenAt) > Self.deviceMemory
            known.lastSeenAt = now
            try await known.save(on: context.database)
            guard lapsed else { return }
        } else {
            do {
                try await KnownDevice(userID: userID, keyHash: key, at: now).create(on: context.database)
            } catch let error as any DatabaseError where error.isConstraintFailure {
                return  // the same device signing in twice at once: one alert at most
            }
            guard !devices.isEmpty else { return }
        }
        let alert = AccountAlert(userID: userID, kind: .newDevice, device: label, sessionID: issued.sessionID, at: now)
        try await alert.create(on: context.database)
        await context.events.publish(.accountAlert(try alert.dto(currentSession: nil)), to: userID)
    }

    /// Sessions of the account were ended from `session` (all others, or one).
    func sessionsRevoked(from session: UUID, of userID: UUID, count: Int) async throws {
        guard count > 0 else { return }
        let device = try await UserSession.find(session, on: context.database)?.device ?? "Unknown device"
        let alert = AccountAlert(userID: userID, kind: .sessionsRevoked, device: device, sessionID: session, count: count, at: context.now)
        try await alert.create(on: context.database)
        await context.events.publish(.accountAlert(try alert.dto(currentSession: nil)), to: userID)
    }

    /// My alerts, newest first.
    func alerts(of userID: UUID, page: PageRequest) async throws -> Page<AccountAlert> {
        try await AccountAlert.query(on: context.database).filter(\.$user.$id == userID)
            .page(newestFirst: \.$createdAt, date: \.createdAt, page)
    }

    /// New-device alerts not yet answered.
    func unanswered(of userID: UUID) async throws -> Int {
        try await AccountAlert.query(on: context.database).filter(\.$user.$id == userID)
            .filter(\.$kind == .newDevice).filter(\.$answer == nil).count()
    }

    /// "This was me" closes the alert. "This wasn't me" ends every session but the one answering,
    /// and stays on record. Answered from the very device the alert is about, "this wasn't me"
    /// would keep that device and sign out the others: it is refused.
    func answer(_ alertID: UUID, wasMe: Bool, by userID: UUID, from current: UUID) async throws -> AccountAlert {
        guard let alert = try await AccountAlert.query(on: context.database).filter(\.$id == alertID).filter(\.$user.$id == userID).first()
        else { throw AppError.notFound("alert") }
        guard alert.kind == .newDevice else {
            throw AppError.conflict(field: "alertId", "Only a sign-in from a new device is answered; this alert is for your information.")
        }
        // An answer of "not me" stands: ending the sessions cannot be taken back.
        guard alert.answer != .notMe else { return alert }
        if !wasMe {
            guard alert.$session.id != current else {
                throw AppError.conflict(field: "alertId", "This is the device the alert is about. Answer from one of your other devices.")
            }
            _ = try await AuthService.revokeOthers(keeping: current, of: userID, context: context)
        }
        alert.answer = wasMe ? .wasMe : .notMe
        alert.answeredAt = context.now
        try await alert.save(on: context.database)
        return alert
    }

    /// SHA-256 of the installation id the client keeps (or of the device label when it sent none):
    /// the raw id is never stored.
    static func deviceKey(installation: String?, label: String) -> String {
        let source = installation.map { "installation:" + $0 } ?? "label:" + label
        return SHA256.hash(data: Array(source.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

extension AccountAlert {
    func dto(currentSession: UUID?) throws -> Components.Schemas.AccountAlert {
        .init(id: try requireID(), kind: kind == .newDevice ? .newDevice : .sessionsRevoked, device: device,
              count: kind == .sessionsRevoked ? count : nil, createdAt: createdAt, answeredAt: answeredAt,
              answer: answer.map { $0 == .wasMe ? .wasMe : .notMe },
              isThisDevice: currentSession != nil && $session.id == currentSession)
    }
}

extension Components.Schemas.RealtimeEvent {
    static func accountAlert(_ alert: Components.Schemas.AccountAlert) -> Self {
        .account_alert(.init(_type: "account.alert", alert: alert))
    }
}
