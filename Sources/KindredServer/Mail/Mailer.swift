import Foundation
import Logging
import NIOConcurrencyHelpers
import Vapor

/// Where Kindred's e-mail goes: an SMTP server in production (`SMTPMailer`), files in a folder
/// in development (`FileMailer`), so `swift run kindred` needs no mail server.
protocol Mailer: Sendable {
    /// Hands `message` on, rendered as `rendered`; throws when it was not accepted.
    func send(_ message: MailMessage, rendered: String) async throws
}

/// Writes each message as a `.eml` file (what mail programs open) into a folder: the development
/// default, printed at start-up so the person trying Kindred finds their links.
struct FileMailer: Mailer {
    let directory: String

    func send(_ message: MailMessage, rendered: String) async throws {
        // The messages hold working links (a password reset is a key to an account): only the
        // server's user may read them, as with the database and the secret beside them.
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        // Sortable by time, unique without a lock; the recipient in the name helps a person find theirs.
        let stamp = String(format: "%.6f", Date().timeIntervalSince1970)
        let safeRecipient = String(message.to.address.map { $0.isLetter || $0.isNumber || "@.-_".contains($0) ? $0 : "_" })
        let name = "\(stamp)-\(safeRecipient)-\(Secrets.randomToken(bytes: 4)).eml"
        let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
        // Written beside and renamed, so a reader never sees half a message.
        let partial = url.appendingPathExtension("partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: Data(rendered.utf8), attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path]) }
        try FileManager.default.moveItem(at: partial, to: url)
    }
}

/// Sends e-mail after the request that asked for it has been answered, with a few retries, so a
/// slow mail server never holds a request and an answer never takes longer because an account
/// exists (a password reset for an unknown address sends nothing and must look the same).
///
/// Sends in flight are tracked: `drain()` waits for them (tests, and shutdown, so a reset link
/// asked for just before a deploy still goes out).
final class MailDelivery: Sendable {
    let mailer: any Mailer
    let from: MailAddress
    /// The domain of Message-IDs (the sender's).
    let domain: String
    let retryDelays: [Duration]
    private let logger: Logger
    private let inFlight = NIOLockedValueBox<[UUID: Task<Void, Never>]>([:])

    init(mailer: any Mailer, from: MailAddress, logger: Logger, retryDelays: [Duration] = [.seconds(5), .seconds(30), .seconds(120)]) {
        self.mailer = mailer
        self.from = from
        self.domain = String(from.address.split(separator: "@").last ?? "localhost")
        self.logger = logger
        self.retryDelays = retryDelays
    }

    /// Queues `text` to `to` and returns at once.
    func send(to: MailAddress, subject: String, text: String, now: Date = Date()) {
        let message = MailMessage(from: from, to: to, subject: subject, text: text, messageID: MailMessage.newMessageID(domain: domain))
        let rendered = message.rendered(date: now, domain: domain)
        let id = UUID()
        // Made under the lock, so the task cannot remove itself before it is listed.
        inFlight.withLockedValue { tasks in
            tasks[id] = Task {
                defer { _ = self.inFlight.withLockedValue { $0.removeValue(forKey: id) } }
                await self.deliver(message, rendered: rendered)
            }
        }
    }

    private func deliver(_ message: MailMessage, rendered: String) async {
        for attempt in 0...retryDelays.count {
            do {
                try await mailer.send(message, rendered: rendered)
                return
            } catch {
                // The recipient is personal data: the log names the message, not its recipient.
                logger.warning("E-mail not sent", metadata: [
                    "messageID": .string(message.messageID ?? ""), "attempt": .stringConvertible(attempt + 1),
                    "error": .string(String(describing: error)),
                ])
                guard attempt < retryDelays.count, (try? await Task.sleep(for: retryDelays[attempt])) != nil else { break }
            }
        }
        logger.error("E-mail given up", metadata: ["messageID": .string(message.messageID ?? "")])
    }

    /// Waits until every message queued so far has been sent or given up.
    func drain() async {
        while let next = inFlight.withLockedValue({ $0.values.first }) {
            await next.value
        }
    }

    /// Stops retrying (shutdown after `drain` timed out).
    func cancelAll() {
        for task in inFlight.withLockedValue({ Array($0.values) }) { task.cancel() }
    }
}

extension Application {
    /// Waits for the e-mail being sent to be sent (or given up): for commands that end right
    /// after asking for one, and for tests that read what was sent.
    public func finishSendingMail() async {
        await kindred.mail.drain()
    }
}
