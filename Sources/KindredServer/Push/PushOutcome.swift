/// What a push service (a browser's, or APNs) said of one message, which decides what becomes of
/// the message and of the device.
enum PushOutcome: Equatable, Sendable {
    case delivered
    /// The device is gone: a browser unsubscribed or its subscription expired (404, 410: RFC 8030
    /// §7.3), an app was deleted (APNs' 410 Unregistered, 400 BadDeviceToken). It is removed.
    case gone
    /// 429, a 5xx or no answer (or APNs' expired provider token): worth sending again later.
    case retryLater
    /// Any other refusal (a 400, 401, 403, 413): sending again would be refused again.
    case refused(UInt)
}
