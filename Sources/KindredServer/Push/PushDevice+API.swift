import Foundation
import KindredAPI

extension PushDevice {
    func dto(now: Date) -> Components.Schemas.PushDevice {
        let kind: Components.Schemas.PushDevice.KindPayload = switch self.kind {
        case .webPush: .webPush
        case .apns: .apns
        }
        return .init(kind: kind, createdAt: createdAt ?? now)
    }
}

extension PushDelivery {
    func settingsDTO(_ settings: [PushService.KindSetting]) -> Components.Schemas.NotificationSettings {
        .init(kinds: settings.map { .init(kind: $0.kind.id, app: $0.app, label: $0.kind.label, enabled: $0.enabled) },
              webPushKey: webPush.key.publicKey)
    }
}
