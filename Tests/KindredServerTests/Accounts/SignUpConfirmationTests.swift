import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// Sign-up on a server that confirms addresses first, as one sending real e-mail does: a new
/// address and one with an account are answered alike, the owner of a taken one is told instead,
/// signing in waits for the link, and unconfirmed sign-ups go.
@Suite("Sign-up that confirms the address, and answers alike for a taken one")
struct SignUpConfirmationTests {
    static func confirming(_ configuration: inout KindredConfiguration) { configuration.signUpConfirmsEmail = true }

    static func signUp(_ kindred: TestKindred, _ email: String, _ username: String, password: String = "correct horse")
        async throws -> TestingHTTPResponse {
        try await kindred.send(.POST, "/auth/sign-up", json: ["email": email, "password": password, "username": username])
    }

    @Test func aNewAddressAndATakenOneAreAnsweredAlike() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            // setup: ada's account exists and is confirmed
            let first = try await Self.signUp(kindred, "ada@example.com", "ada")
            #expect(first.status == .accepted)
            let link = try #require(try await kindred.mail.to("ada@example.com", subject: "Confirm your e-mail address").first?.token(of: "verify-email"))
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": link, "password": "correct horse"]).status == .ok)

            // act: a stranger signs up with ada's address, and someone with a new one
            let taken = try await Self.signUp(kindred, "Ada@Example.com ", "not_ada", password: "stranger's pass")
            let fresh = try await Self.signUp(kindred, "bo@example.com", "bobo")

            // validate: the same status and the same shape of body, no session, no cookie
            #expect(taken.status == .accepted && fresh.status == .accepted, "\(taken.body.string) \(fresh.body.string)")
            #expect(try taken.decode(Components.Schemas.SignUpPending.self).email == "ada@example.com")
            #expect(try fresh.decode(Components.Schemas.SignUpPending.self).email == "bo@example.com")
            let keys = { (response: TestingHTTPResponse) in
                ((try? JSONSerialization.jsonObject(with: Data(buffer: response.body))) as? [String: Any]).map { Set($0.keys) }
            }
            #expect(keys(taken) == ["email"] && keys(fresh) == ["email"])
            #expect(taken.headers[.setCookie].isEmpty && fresh.headers[.setCookie].isEmpty)
            // No second account, and the stranger's password opens nothing.
            #expect(try await User.query(on: kindred.app.db).filter(\.$email == "ada@example.com").count() == 1)
            #expect(try await User.query(on: kindred.app.db).filter(\.$username == "not_ada").count() == 0)
            let stranger = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "ada@example.com", "password": "stranger's pass"])
            #expect(stranger.status == .unauthorized)
            // Ada hears of it, with the way back in; bo gets his link.
            let notice = try #require(try await kindred.mail.to("ada@example.com", subject: "Someone tried to sign up with your address").first)
            #expect(notice.text.contains("@ada") && notice.text.contains("/#/forgot-password"))
            #expect(try await kindred.mail.to("bo@example.com", subject: "Confirm your e-mail address").count == 1)
            // A username is public: a taken one is said to be taken.
            #expect(try await Self.signUp(kindred, "cy@example.com", "bobo").status == .conflict)
        }
    }

    @Test func signingInWaitsForTheLink() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            #expect(try await Self.signUp(kindred, "bo@example.com", "bobo").status == .accepted)
            // Before the link: the right password is told why; a wrong one is just wrong.
            let early = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@example.com", "password": "correct horse"])
            #expect(early.status == .forbidden)
            #expect(early.problem?.kind == "email-not-confirmed")
            let wrong = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@example.com", "password": "wrong horse!"])
            #expect(wrong.problem?.kind == "invalid-credentials")
            // Signing up again sends the link again (not a notice), still answered alike.
            #expect(try await Self.signUp(kindred, "bo@example.com", "bo_again").status == .accepted)
            let links = try await kindred.mail.to("bo@example.com", subject: "Confirm your e-mail address")
            #expect(links.count == 2)
            // act: the link
            let token = try #require(links.last?.token(of: "verify-email"))
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token, "password": "correct horse"]).status == .ok)
            // validate: signed in, verified
            let signedIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@example.com", "password": "correct horse"])
            #expect(signedIn.status == .ok, "\(signedIn.body.string)")
            #expect(try signedIn.decode(Components.Schemas.AuthSession.self).me.emailVerified == true)
        }
    }

    /// Whoever signs up first with someone else's address cannot have the account that person's
    /// click confirms: their later sign-up sends the waiting account's link again, and opening it
    /// sets the password of the one holding the mailbox.
    @Test func theOneWhoOpensASignUpsLinkSetsItsPassword() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            // setup: a squatter signs up with ada's address before she does
            #expect(try await Self.signUp(kindred, "ada@example.com", "squatter", password: "squatter's pass").status == .accepted)
            #expect(try await Self.signUp(kindred, "ada@example.com", "ada", password: "ada's own horse").status == .accepted)
            let token = try #require(try await kindred.mail.to("ada@example.com", subject: "Confirm your e-mail address").last?.token(of: "verify-email"))
            let confirm = { (body: [String: String]) in try await kindred.send(.POST, "/auth/email-verification/confirm", json: body) }

            // act: the link asks for a password; a short one is refused; neither uses it up
            let bare = try await confirm(["token": token])
            #expect(bare.status == .unprocessableEntity && bare.problem?.errors?.first?.field == "password", "\(bare.body.string)")
            // The newest sign-up's name stands, and the link says whose account it finishes.
            #expect(bare.problem?.errors?.first?.message.contains("@ada") == true)
            #expect(try await confirm(["token": token, "password": "short"]).status == .unprocessableEntity)
            #expect(try await confirm(["token": token, "password": "ada's own horse"]).status == .ok)

            // validate: ada's password opens the account; the squatter's no longer does
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": "ada@example.com", "password": "squatter's pass"]).status
                    == .unauthorized)
            let ada = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "ada@example.com", "password": "ada's own horse"])
            #expect(ada.status == .ok, "\(ada.body.string)")
            let me = try ada.decode(Components.Schemas.AuthSession.self).me
            #expect(me.emailVerified == true && me.profile.username == "ada")
            #expect(try await User.query(on: kindred.app.db).filter(\.$username == "squatter").count() == 0)
            // The link is used: a second try is a dead link, whatever it sends.
            #expect(try await confirm(["token": token, "password": "squatter's pass"]).problem?.kind == "invalid-link")
            // A made-up token is a dead link, before any hashing.
            #expect(try await confirm(["token": "made-up", "password": "long enough"]).problem?.kind == "invalid-link")
        }
    }

    @Test func aResetFinishesASignUpAndUnconfirmedOnesGo() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            #expect(try await Self.signUp(kindred, "bo@example.com", "bobo").status == .accepted)
            #expect(try await Self.signUp(kindred, "cy@example.com", "cyra").status == .accepted)
            // Bo resets his password instead of opening the link: that proves the address too.
            #expect(try await kindred.send(.POST, "/auth/password-reset", json: ["email": "bo@example.com"]).status == .accepted)
            let reset = try #require(try await kindred.mail.to("bo@example.com", subject: "Reset your password").first?.token(of: "reset-password"))
            #expect(try await kindred.send(.POST, "/auth/password-reset/confirm", json: ["token": reset, "password": "a new horse"]).status
                    == .noContent)
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@example.com", "password": "a new horse"]).status == .ok)

            // Cy never confirms: a day after the link expired, the sign-up goes, name and address free.
            kindred.clock.advance(by: EmailService.verificationLifetime + 12 * 3600)
            #expect(try await SignUpConfirmation.sweep(kindred.app.context) == 0)
            kindred.clock.advance(by: 12 * 3600 + 1)
            #expect(try await SignUpConfirmation.sweep(kindred.app.context) == 1)
            #expect(try await User.query(on: kindred.app.db).filter(\.$username == "cyra").count() == 0)
            #expect(try await User.query(on: kindred.app.db).filter(\.$username == "bobo").count() == 1)
            #expect(try await Self.signUp(kindred, "cy@example.com", "cyra").status == .accepted)
        }
    }

    /// A confirmed account's session, made the way a person makes one here.
    static func confirmedSession(_ kindred: TestKindred, _ email: String, _ username: String) async throws -> String {
        #expect(try await signUp(kindred, email, username).status == .accepted)
        let link = try #require(try await kindred.mail.to(email, subject: "Confirm your e-mail address").last?.token(of: "verify-email"))
        #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": link, "password": "correct horse"]).status == .ok)
        let signedIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": email, "password": "correct horse"])
        return try signedIn.decode(Components.Schemas.AuthSession.self).accessToken
    }

    @Test func changingTheAddressIsAnsweredAlikeAndWaitsForTheLink() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            // setup: ada and bo have confirmed accounts
            _ = try await Self.confirmedSession(kindred, "ada@example.com", "ada")
            let bo = try await Self.confirmedSession(kindred, "bo@example.com", "bobo")

            // act: bo asks for ada's address, then for a new one
            let change = { (email: String) in
                try await kindred.send(.PUT, "/me/email", token: bo, json: ["email": email, "password": "correct horse"])
            }
            let taken = try await change("ADA@example.com")
            let fresh = try await change("bo@new.example")

            // validate: alike (status and body), nothing changed yet, ada is told, bo's new address gets a link
            #expect(taken.status == .accepted && fresh.status == .accepted, "\(taken.body.string) \(fresh.body.string)")
            #expect(try taken.decode(Components.Schemas.EmailChangePending.self).email == "ada@example.com")
            #expect(try fresh.decode(Components.Schemas.EmailChangePending.self).email == "bo@new.example")
            let me = { try await kindred.send(.GET, "/me", token: bo).decode(Components.Schemas.Me.self) }
            #expect(try await me().email == "bo@example.com")
            #expect(try await User.query(on: kindred.app.db).filter(\.$email == "ada@example.com").first()?.username == "ada")
            let notice = try #require(try await kindred.mail.to("ada@example.com", subject: "Someone tried to use your address").first)
            #expect(notice.text.contains("@ada") && !notice.text.contains("bobo"))
            #expect(try await kindred.mail.to("bo@example.com", subject: "Your e-mail address was changed").isEmpty)
            let links = try await kindred.mail.to("bo@new.example", subject: "Confirm your new e-mail address")
            #expect(links.count == 1 && links[0].text.contains("@bobo"))

            // Two pending changes: the link opened wins, the other lapses.
            #expect(try await change("bo@other.example").status == .accepted)
            let other = try #require(try await kindred.mail.to("bo@other.example", subject: "Confirm your new e-mail address").first?.token(of: "verify-email"))
            let token = try #require(links[0].token(of: "verify-email"))
            let confirmed = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token])
            #expect(confirmed.status == .ok)
            #expect(try confirmed.decode(Components.Schemas.EmailVerified.self).email == "bo@new.example")
            let after = try await me()
            #expect(after.email == "bo@new.example" && after.emailVerified == true)
            #expect(try await kindred.mail.to("bo@example.com", subject: "Your e-mail address was changed").count == 1)
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": other]).problem?.kind == "invalid-link")
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token]).problem?.kind == "invalid-link")
            // Signing in goes by the new address now.
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@new.example", "password": "correct horse"]).status == .ok)
            #expect(try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@example.com", "password": "correct horse"]).status
                    == .unauthorized)

            // Links to new addresses are limited per account, taken ones counted alike.
            var statuses: [HTTPStatus] = []
            for index in 0..<EmailService.linksPerHour { statuses.append(try await change("bo\(index)@more.example").status) }
            #expect(statuses.allSatisfy { $0 == .accepted } == false && statuses.last == .tooManyRequests)
        }
    }

    @Test func aSignUpWaitingForItsLinkIsFoundByNobody() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            let ada = try await Self.confirmedSession(kindred, "ada@example.com", "ada")
            #expect(try await Self.signUp(kindred, "pending@example.com", "pendingperson").status == .accepted)
            let searched = try await kindred.send(.GET, "/profiles?prefix=pending", token: ada)
            #expect(searched.status == .ok && !searched.body.string.contains("pendingperson"), "\(searched.body.string)")
            #expect(try await kindred.send(.GET, "/profiles/pendingperson", token: ada).status == .notFound)
            let people = try await kindred.send(.GET, "/kinnect/people?q=pending", token: ada)
            #expect(people.status == .ok && !people.body.string.contains("pendingperson"), "\(people.body.string)")

            // Confirmed, it is an account like any other.
            let link = try #require(try await kindred.mail.to("pending@example.com", subject: "Confirm your e-mail address").first?.token(of: "verify-email"))
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": link, "password": "correct horse"]).status == .ok)
            #expect(try await kindred.send(.GET, "/profiles?prefix=pending", token: ada).body.string.contains("pendingperson"))
            #expect(try await kindred.send(.GET, "/profiles/pendingperson", token: ada).status == .ok)
            #expect(try await kindred.send(.GET, "/kinnect/people?q=pending", token: ada).body.string.contains("pendingperson"))
        }
    }

    @Test func aChangeWhoseAddressWasTakenMeanwhileIsRefused() async throws {
        try await withKindred(adjust: Self.confirming) { kindred in
            let bo = try await Self.confirmedSession(kindred, "bo@example.com", "bobo")
            #expect(try await kindred.send(.PUT, "/me/email", token: bo, json: ["email": "cy@example.com", "password": "correct horse"]).status
                    == .accepted)
            let token = try #require(try await kindred.mail.to("cy@example.com", subject: "Confirm your new e-mail address").first?.token(of: "verify-email"))
            // Cy signs up with the address before bo opens the link.
            _ = try await Self.confirmedSession(kindred, "cy@example.com", "cyra")
            let late = try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token])
            #expect(late.status == .conflict)
            #expect(try await kindred.send(.GET, "/me", token: bo).decode(Components.Schemas.Me.self).email == "bo@example.com")
        }
    }

    @Test func withoutConfirmationSignUpSignsInAtOnceAndSaysATakenAddressIsTaken() async throws {
        try await withKindred { kindred async throws in
            #expect(kindred.configuration.signUpConfirmsEmail == false)
            #expect(try await Self.signUp(kindred, "ada@example.com", "ada").status == .created)
            #expect(try await Self.signUp(kindred, "ada@example.com", "ada2").status == .conflict)
        }
        // Real e-mail means confirmation, unless said otherwise.
        let smtp = try KindredConfiguration.fromEnvironment(["KINDRED_SMTP_URL": "smtp://user:pass@mail.example.com:587"], isProduction: false)
        #expect(smtp.signUpConfirmsEmail)
        let off = try KindredConfiguration.fromEnvironment(["KINDRED_SMTP_URL": "smtp://user:pass@mail.example.com:587",
                                                            "KINDRED_SIGNUP_CONFIRMS_EMAIL": "false"], isProduction: false)
        #expect(!off.signUpConfirmsEmail)
    }
}
