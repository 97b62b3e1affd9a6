import KindredSDK
import SwiftUI
import UIKit
import UserNotifications

/// Push notifications for an app that sends them (Kinnect, Memories): once someone is signed in,
/// ask once to show notifications, register with APNs, and hand the device token to the server
/// for this session (`KindredSession.registerForPush`). The session's device goes with the session
/// on the server, so signing out needs nothing here. A tapped notification's `route` is the
/// web client's route (`/kinnect/activity`), given to `onOpen` for the app's own navigation.
///
/// ```swift
/// @UIApplicationDelegateAdaptor(PushRegistration.self) private var push
/// …
/// .task(id: userID) { await push.start(session: session) }
/// ```
@MainActor
final class PushRegistration: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate, ObservableObject {
    private var session: KindredSession?
    /// The route of the notification tapped last, for the app to show.
    @Published var openedRoute: String?
    /// Why notifications could not be turned on, for a settings screen to show.
    @Published var failure: String?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    /// Asks for permission (the system asks once; later calls answer at once) and registers.
    func start(session: KindredSession) async {
        self.session = session
        do {
            guard try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .badge]) else { return }
            UIApplication.shared.registerForRemoteNotifications()
        } catch {
            failure = error.localizedDescription
        }
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        guard let session else { return }
        Task {
            do {
                #if DEBUG
                let sandbox = true // a development build's token is for APNs' sandbox
                #else
                let sandbox = false
                #endif
                try await session.registerForPush(deviceToken: deviceToken, sandbox: sandbox)
            } catch {
                failure = (error as? KindredError)?.errorDescription ?? error.localizedDescription
            }
        }
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {
        failure = error.localizedDescription
    }

    /// Shown while the app is open too: the server sent it because something happened.
    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification)
        async -> UNNotificationPresentationOptions {
        [.banner, .sound, .list]
    }

    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let route = response.notification.request.content.userInfo["route"] as? String
        await MainActor.run { openedRoute = route }
    }
}
