import Fluent
import Foundation
import NIOConcurrencyHelpers
import KindredAPI
import Testing
import Vapor
import VaporTesting
@testable import KindredServer
import KindredTestSupport

@Suite("E-mail: verifying the address, resetting the password, changing the address")
struct EmailTests {
    private func mail(_ kindred: TestKindred) -> MailFolder { kindred.mail }

    /// An access token for `user` after the clock moved past the first one's life.
    private func fresh(_ kindred: TestKindred, _ user: TestUser) async throws -> String {
        let refreshed = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": user.refreshToken])
        return try refreshed.decode(Components.Schemas.AuthSession.self).accessToken
    }

    private func me(_ kindred: TestKindred, _ token: String) async throws -> Components.Schemas.Me {
        try await kindred.send(.GET, "/me", token: token).decode(Components.Schemas.Me.self)
    }

    @Test func signUpMailsALinkThatProvesTheAddressOnce() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            #expect(try await me(kindred, ada.accessToken).emailVerified == false)

            let sent = try await mail(kindred).to(ada.email, subject: "Confirm your e-mail address")
            #expect(sent.count == 1)
            let message = try #require(sent.first)
            #expect(message.headers["from"]?.contains("<kindred@") == true)
            #expect(message.headers["message-id"]?.hasPrefix("<") == true)
            let token = try #require(message.token(of: "verify-email"))
            // Working links: only the server's user reads them.
            let folder = try FileManager.default.attributesOfItem(atPath: kindred.configuration.mailDirectory)
            #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            let file = try #require(try FileManager.default.contentsOfDirectory(atPath: kindred.configuration.mailDirectory).first)
            let attributes = try FileManager.default.attributesOfItem(atPath: kindred.configuration.mailDirectory + "/" + file)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(message.text.contains(kindred.configuration.publicBaseURL + "/#/verify-email?token=" + token))

            // Opened on any device: no session needed.
            let confirmed = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token])
            #expect(confirmed.status == .ok)
            #expect(try confirmed.decode(Components.Schemas.EmailVerified.self).email == ada.email)
            #expect(try await me(kindred, ada.accessToken).emailVerified == true)

            let again = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token])
            #expect(again.status == .badRequest)
            #expect(again.problem?.kind == "invalid-link")
            let forged = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": String(token.reversed())])
            #expect(forged.problem?.kind == "invalid-link")
            // A verified address needs no more links.
            let more = try await kindred.send(.POST, "/me/email-verification", token: ada.accessToken)
            #expect(more.status == .conflict)
        }
    }

    @Test func aNewLinkIsLimitedPerHourAndAnExpiredOneProvesNothing() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            for _ in 0..<EmailService.linksPerHour {
                #expect(try await kindred.send(.POST, "/me/email-verification", token: ada.accessToken).status == .accepted)
            }
            let limited = try await kindred.send(.POST, "/me/email-verification", token: ada.accessToken)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers.first(name: "Retry-After") != nil)
            let links = try await mail(kindred).to(ada.email, subject: "Confirm your e-mail address")
            #expect(links.count == 1 + EmailService.linksPerHour)
            // Every link works until it expires: the first, 48 hours and a second later, does not.
            kindred.clock.advance(by: EmailService.verificationLifetime + 1)
            let expired = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": try #require(links[0].token(of: "verify-email"))])
            #expect(expired.problem?.kind == "invalid-link")
            #expect(try await me(kindred, fresh(kindred, ada)).emailVerified == false)
        }
    }

    @Test func resetAnswersTheSameForEveryAddressAndEndsEverySession() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada", password: "old password")
            let phone = try await kindred.send(.POST, "/auth/sign-in", json: ["email": ada.email, "password": "old password",
                                                                              "refreshTokenDelivery": "body"])
            let second = try phone.decode(Components.Schemas.AuthSession.self)

            let known = try await kindred.send(.POST, "/auth/password-reset", json: ["email": " ADA@example.com "])
            let unknown = try await kindred.send(.POST, "/auth/password-reset", json: ["email": "nobody@example.com"])
            let malformed = try await kindred.send(.POST, "/auth/password-reset", json: ["email": "not an address"])
            for answer in [known, unknown, malformed] {
                #expect(answer.status == .accepted)
                #expect(answer.body.readableBytes == 0)
            }
            let resets = try await mail(kindred).all().filter { $0.subject == "Reset your password" }
            #expect(resets.count == 1 && resets.allSatisfy { $0.to.hasSuffix("<ada@example.com>") })
            let token = try #require(resets.first?.token(of: "reset-password"))

            // A password the rules refuse does not use the link up.
            let short = try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": token, "password": "short"])
            #expect(short.status == .unprocessableEntity)
            #expect(short.problem?.errors?.map(\.field) == ["password"])

            let reset = try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": token, "password": "new password"])
            #expect(reset.status == .noContent)
            #expect(reset.headers.first(name: .setCookie)?.contains("Max-Age=0") == true)
            // Both sessions ended: their access tokens and refresh tokens no longer work.
            for access in [ada.accessToken, second.accessToken] {
                #expect(try await kindred.send(.GET, "/me", token: access).status == .unauthorized)
            }
            let refresh = try await kindred.send(.POST, "/auth/refresh", json: ["refreshToken": ada.refreshToken])
            #expect(refresh.status == .unauthorized)
            let old = try await kindred.send(.POST, "/auth/sign-in", json: ["email": ada.email, "password": "old password"])
            #expect(old.status == .unauthorized)
            let signedIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": ada.email, "password": "new password",
                                                                                 "refreshTokenDelivery": "body"])
            #expect(signedIn.status == .ok)
            // The link proved the address, and it works once.
            #expect(try signedIn.decode(Components.Schemas.AuthSession.self).me.emailVerified == true)
            let reused = try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": token, "password": "third password"])
            #expect(reused.problem?.kind == "invalid-link")
            #expect(try await mail(kindred).to(ada.email, subject: "Your password was changed").count == 1)
        }
    }

    @Test func aResetLinkLastsAnHourAndALaterOneEndsTheEarlierOnes() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            for _ in 0..<2 { try await kindred.send(.POST, "/auth/password-reset", json: ["email": ada.email]) }
            let tokens = try await mail(kindred).to(ada.email, subject: "Reset your password").compactMap { $0.token(of: "reset-password") }
            #expect(tokens.count == 2)
            // Using one ends the other.
            #expect(try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": tokens[1], "password": "new password"]).status == .noContent)
            #expect(try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": tokens[0], "password": "newer password"])
                .problem?.kind == "invalid-link")

            try await kindred.send(.POST, "/auth/password-reset", json: ["email": ada.email])
            let late = try #require(try await mail(kindred).to(ada.email, subject: "Reset your password").last?.token(of: "reset-password"))
            kindred.clock.advance(by: EmailService.resetLifetime + 1)
            #expect(try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": late, "password": "newer password"])
                .problem?.kind == "invalid-link")
        }
    }

    @Test func resetsPerAccountAreLimitedWithoutSayingSo() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            for _ in 0..<(EmailService.linksPerHour + 2) {
                // Over the account's limit the answer stays 202: a 429 would say the account exists.
                #expect(try await kindred.send(.POST, "/auth/password-reset", json: ["email": ada.email]).status == .accepted)
            }
            #expect(try await mail(kindred).to(ada.email, subject: "Reset your password").count == EmailService.linksPerHour)
        }
    }

    @Test func twoRequestsWithOneLinkResetOnce() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            try await kindred.send(.POST, "/auth/password-reset", json: ["email": ada.email])
            let token = try #require(try await mail(kindred).to(ada.email, subject: "Reset your password").first?.token(of: "reset-password"))
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<6 {
                    group.addTask {
                        try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": token, "password": "password \(index)"]).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .noContent }.count == 1)
            #expect(statuses.filter { $0 == .badRequest }.count == 5)
        }
    }

    @Test func changingTheAddressNeedsThePasswordTellsTheOldOneAndVerifiesTheNewOne() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let grace = try await kindred.signUp("grace")
            let firstLink = try #require(try await mail(kindred).to(ada.email).first?.token(of: "verify-email"))
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": firstLink]).status == .ok)

            let wrong = try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": "ada@new.example", "password": "guess"])
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.problem?.errors?.map(\.field) == ["password"])
            let taken = try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": grace.email, "password": ada.password])
            #expect(taken.status == .conflict)
            #expect(taken.problem?.errors?.map(\.field) == ["email"])
            let malformed = try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": "ada at home", "password": ada.password])
            #expect(malformed.status == .unprocessableEntity)

            let changed = try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": " Ada@New.Example ", "password": ada.password])
            #expect(changed.status == .ok)
            let me = try changed.decode(Components.Schemas.Me.self)
            #expect(me.email == "ada@new.example")
            #expect(me.emailVerified == false)

            let notice = try #require(try await mail(kindred).to("ada@example.com", subject: "Your e-mail address was changed").first)
            #expect(notice.text.contains("ada@new.example"))
            let link = try #require(try await mail(kindred).to("ada@new.example", subject: "Confirm your e-mail address").first?.token(of: "verify-email"))
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": link]).status == .ok)
            #expect(try await self.me(kindred, ada.accessToken).emailVerified == true)
            // Signing in takes the new address.
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": "ada@new.example", "password": ada.password]).status == .ok)
        }
    }

    @Test func guessingThePasswordThroughAChangeOfAddressIsLimited() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            for _ in 0..<EmailService.passwordGuesses.count {
                let guess = try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": "ada@new.example", "password": "guess"])
                #expect(guess.status == .unprocessableEntity)
            }
            // Even the right password waits now.
            let right = try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": "ada@new.example", "password": ada.password])
            #expect(right.status == .tooManyRequests)
            kindred.clock.advance(by: EmailService.passwordGuesses.window + 1)
            let token = try await fresh(kindred, ada)
            #expect(try await kindred.send(.PUT, "/me/email", token: token, json: ["email": "ada@new.example", "password": ada.password]).status == .ok)
        }
    }

    @Test func aLinkSentToAnOldAddressProvesNothing() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let oldLink = try #require(try await mail(kindred).to(ada.email).first?.token(of: "verify-email"))
            try await kindred.send(.PUT, "/me/email", token: ada.accessToken, json: ["email": "ada@new.example", "password": ada.password])
            let stale = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": oldLink])
            #expect(stale.problem?.kind == "invalid-link")
            #expect(try await me(kindred, ada.accessToken).emailVerified == false)
        }
    }

    @Test func aMailServerThatIsNotThereNeverHoldsARequest() async throws {
        let dead = SMTPSettings(host: "127.0.0.1", port: 1, security: .none, username: nil, password: nil,
                                trustRootsFile: nil, clientName: "kindred.test", timeout: 2)
        try await withKindred(adjust: { $0.mail.smtp = dead }) { kindred in
            let ada = try await kindred.signUp("ada")
            #expect(try await kindred.send(.POST, "/auth/password-reset", json: ["email": ada.email]).status == .accepted)
            // Retrying for minutes is the delivery's business, not the test's.
            kindred.app.kindred.mail.cancelAll()
            await kindred.app.kindred.mail.drain()
        }
    }

    @Test func aFailedSendIsRetriedThenGivenUp() async throws {
        final class Failing: Mailer {
            let attempts = NIOLockedValueBox(0)
            func send(_ message: MailMessage, rendered: String) async throws {
                attempts.withLockedValue { $0 += 1 }
                throw SMTPError.connectionClosed
            }
        }
        let failing = Failing()
        let delivery = MailDelivery(mailer: failing, from: try #require(MailAddress("kindred@example.com")), logger: Logger(label: "test"),
                                    retryDelays: [.milliseconds(1), .milliseconds(1)])
        delivery.send(to: try #require(MailAddress("ada@example.com")), subject: "Hello", text: "Hi")
        await delivery.drain()
        #expect(failing.attempts.withLockedValue { $0 } == 3)
    }
}

@Suite("The e-mail a message becomes")
struct MailMessageTests {
    @Test func headersStayASCIIAndTheBodyIsBase64() throws {
        let message = MailMessage(from: try #require(MailAddress("kindred@example.com", name: "Kindred")),
                                  to: try #require(MailAddress("zoe@example.com", name: "Zoë \"Z\" Ångström")),
                                  subject: "Bienvenue à Kindred — ça marche ✓", text: ".leading dot\nline two\n\nünïcode", messageID: "abc@example.com")
        let rendered = message.rendered(date: Date(timeIntervalSince1970: 0), domain: "example.com")
        #expect(rendered.utf8.allSatisfy { $0 < 0x80 })
        #expect(rendered.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n"))
        #expect(rendered.contains("Message-ID: <abc@example.com>\r\n"))
        #expect(!rendered.components(separatedBy: "\r\n").contains { $0.count > 78 })
        let read = try ReceivedMail(raw: rendered)
        #expect(read.subject == "Bienvenue à Kindred — ça marche ✓")
        #expect(read.text == ".leading dot\r\nline two\r\n\r\nünïcode")
        #expect(read.to.hasSuffix("<zoe@example.com>") && read.to.hasPrefix("=?UTF-8?B?"))
    }

    @Test func anAddressCannotCarryAHeaderOrACommand() {
        #expect(MailAddress("ada@example.com\r\nBcc: all@example.com") == nil)
        #expect(MailAddress("ada@example.com> NOTIFY=NEVER") == nil)
        #expect(MailAddress("no-at-sign") == nil)
        #expect(MailAddress("ada@example.com", name: "Ada\r\nBcc: x@example.com")?.header == "\"AdaBcc: x@example.com\" <ada@example.com>")
    }

    @Test func dotStuffingKeepsTheMessageWhole() {
        #expect(SMTPConnection.dotStuffed(".a\r\nb\r\n.\r\n..c") == "..a\r\nb\r\n..\r\n...c\r\n")
    }

    @Test func theSMTPURLSaysHowToConnect() throws {
        let starttls = try SMTPSettings.parse("smtp://user%40host:p%3Ass@mail.example.com", trustRootsFile: nil, clientName: "k", timeout: 5).get()
        #expect(starttls.security == .startTLS && starttls.port == 587 && starttls.username == "user@host" && starttls.password == "p:ss")
        #expect(try SMTPSettings.parse("smtps://mail.example.com", trustRootsFile: nil, clientName: "k", timeout: 5).get().port == 465)
        #expect(try SMTPSettings.parse("smtp+plain://relay:2525", trustRootsFile: nil, clientName: "k", timeout: 5).get().security == .none)
        #expect(throws: SMTPSettings.Problem.self) { try SMTPSettings.parse("http://mail.example.com", trustRootsFile: nil, clientName: "k", timeout: 5).get() }
        // Start-up names the problem.
        #expect(throws: KindredConfiguration.Invalid.self) {
            try KindredConfiguration.fromEnvironment(["KINDRED_SMTP_URL": "mail.example.com", "KINDRED_MAIL_FROM": "nope"], isProduction: false)
        }
    }
}

@Suite("SMTP against a real server on loopback (aiosmtpd)")
struct SMTPTests {
    static let enabled = PythonServer.enabled

    private func message(to: String = "ada@example.com") throws -> (MailMessage, String) {
        let message = MailMessage(from: try #require(MailAddress("kindred@kindred.test", name: "Kindred")), to: try #require(MailAddress(to)),
                                  subject: "Über SMTP", text: "Hello\n.\n..dots\nbye", messageID: "m1@kindred.test")
        return (message, message.rendered(date: Date(), domain: "kindred.test"))
    }

    @Test(.enabled(if: enabled, "needs KINDRED_PYTHON with aiosmtpd; scripts/test provides it"))
    func startTLSThenAuthThenTheMessage() async throws {
        let sink = try await SMTPSink.start(["--tls", "starttls", "--user", "kindred", "--password", "mail secret", "--require-auth"])
        defer { sink.stop() }
        let (message, rendered) = try message()
        try await SMTPMailer(settings: sink.settings(.startTLS), group: MultiThreadedEventLoopGroup.singleton).send(message, rendered: rendered)
        let received = try sink.received()
        #expect(received.count == 1)
        let (envelope, mail) = try #require(received.first)
        #expect(envelope.tls && envelope.authenticated_as == "kindred")
        #expect(envelope.mail_from == "kindred@kindred.test" && envelope.rcpt_tos == ["ada@example.com"])
        #expect(mail.subject == "Über SMTP")
        #expect(mail.text == "Hello\r\n.\r\n..dots\r\nbye")
    }

    @Test(.enabled(if: enabled, "needs KINDRED_PYTHON with aiosmtpd; scripts/test provides it"))
    func implicitTLS() async throws {
        let sink = try await SMTPSink.start(["--tls", "implicit", "--user", "kindred", "--password", "mail secret", "--require-auth"])
        defer { sink.stop() }
        let (message, rendered) = try message()
        try await SMTPMailer(settings: sink.settings(.tls), group: MultiThreadedEventLoopGroup.singleton).send(message, rendered: rendered)
        #expect(try sink.received().map { $0.envelope.tls } == [true])
    }

    @Test(.enabled(if: enabled, "needs KINDRED_PYTHON with aiosmtpd; scripts/test provides it"))
    func whatGoesWrongIsSaidAndNothingIsSentInClear() async throws {
        let plain = try await SMTPSink.start(["--tls", "none", "--user", "kindred", "--password", "mail secret"])
        defer { plain.stop() }
        let secure = try await SMTPSink.start(["--tls", "starttls", "--user", "kindred", "--password", "mail secret", "--require-auth",
                                               "--reject-rcpt", "gone@example.com"])
        defer { secure.stop() }
        let group = MultiThreadedEventLoopGroup.singleton
        let (message, rendered) = try message()

        // smtp:// needs STARTTLS: a server without it gets no password.
        await #expect(throws: SMTPError.startTLSNotOffered) {
            try await SMTPMailer(settings: plain.settings(.startTLS), group: group).send(message, rendered: rendered)
        }
        // A certificate nobody vouches for is refused.
        await #expect(throws: (any Error).self) {
            try await SMTPMailer(settings: secure.settings(.startTLS, trusting: false), group: group).send(message, rendered: rendered)
        }
        await #expect(throws: SMTPError.unexpectedReply(step: "AUTH", code: 535, text: "5.7.8 Authentication credentials invalid")) {
            try await SMTPMailer(settings: secure.settings(.startTLS, password: "wrong"), group: group).send(message, rendered: rendered)
        }
        let (gone, goneRendered) = try self.message(to: "gone@example.com")
        do {
            try await SMTPMailer(settings: secure.settings(.startTLS), group: group).send(gone, rendered: goneRendered)
            Issue.record("a rejected recipient was taken as sent")
        } catch let error as SMTPError {
            guard case .unexpectedReply(let step, let code, _) = error else { throw error }
            #expect(step == "RCPT" && code == 550)
        }
        #expect(try plain.received().isEmpty)
        #expect(try secure.received().isEmpty)
    }

    @Test(.enabled(if: enabled, "needs KINDRED_PYTHON with aiosmtpd; scripts/test provides it"))
    func kindredSendsItsLinksThroughTheConfiguredServer() async throws {
        let sink = try await SMTPSink.start(["--tls", "starttls", "--user", "kindred", "--password", "mail secret", "--require-auth"])
        defer { sink.stop() }
        try await withKindred(adjust: { $0.mail.smtp = sink.settings(.startTLS) }) { kindred in
            let ada = try await kindred.signUp("ada")
            try await kindred.send(.POST, "/auth/password-reset", json: ["email": ada.email])
            await kindred.app.kindred.mail.drain()
            let received = try sink.received()
            #expect(received.map(\.mail.subject) == ["Confirm your e-mail address", "Reset your password"])
            #expect(received.allSatisfy { $0.envelope.tls && $0.envelope.authenticated_as == "kindred" && $0.envelope.rcpt_tos == [ada.email] })
            // The link in the message works.
            let token = try #require(received[0].mail.token(of: "verify-email"))
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token]).status == .ok)
            // Nothing went to the development folder.
            #expect(!FileManager.default.fileExists(atPath: kindred.configuration.mailDirectory))
        }
    }
}
