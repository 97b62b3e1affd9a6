import Foundation
import OpenAPIRuntime

public typealias NotificationSettings = Components.Schemas.NotificationSettings
public typealias NotificationKindSetting = Components.Schemas.NotificationKindSetting
public typealias PushDevice = Components.Schemas.PushDevice
public typealias PushNotification = Components.Schemas.PushNotification

/// Push notifications: which kinds reach my devices, and this session's device.
extension KindredSession {
    /// Every kind of notification the apps send, each on unless I turned it off.
    public func notificationSettings() async throws -> NotificationSettings {
        try await perform { try await client.getNotificationSettings().ok.body.json }
    }

    /// Turns kinds on or off (by `NotificationKindSetting.kind`) on every device of mine.
    @discardableResult
    public func setNotifications(_ changes: [String: Bool]) async throws -> NotificationSettings {
        let kinds = changes.sorted { $0.key < $1.key }.map { Components.Schemas.NotificationSettingsChange.KindsPayloadPayload(kind: $0.key, enabled: $0.value) }
        return try await perform { try await client.updateNotificationSettings(body: .json(.init(kinds: kinds))).ok.body.json }
    }

    /// Sends this session's notifications to the iPhone or iPad whose token
    /// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` gave; `sandbox` for a
    /// development build. Replaces the session's earlier device.
    @discardableResult
    public func registerForPush(deviceToken: Data, sandbox: Bool) async throws -> PushDevice {
        let token = deviceToken.map { String(format: "%02x", $0) }.joined()
        return try await perform {
            try await client.registerPushDevice(body: .json(.init(apns: .init(token: token, environment: sandbox ? .sandbox : .production))))
                .ok.body.json
        }
    }

    /// Sends this session's notifications to a Web Push subscription (its endpoint and keys, base64url).
    @discardableResult
    public func registerForPush(webPushEndpoint endpoint: String, p256dh: String, auth: String) async throws -> PushDevice {
        try await perform {
            try await client.registerPushDevice(body: .json(.init(webPush: .init(endpoint: endpoint, keys: .init(p256dh: p256dh, auth: auth)))))
                .ok.body.json
        }
    }

    /// This session's push device, or nil when nothing is pushed to it.
    public func pushDevice() async throws -> PushDevice? {
        do {
            return try await perform { try await client.getPushDevice().ok.body.json }
        } catch let error as KindredError where error.status == 404 {
            return nil
        }
    }

    /// Stops push notifications to this session's device.
    public func unregisterForPush() async throws {
        _ = try await perform { try await client.deletePushDevice().noContent }
    }
}
