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
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": link]).status == .ok)

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
            #expect(try await kindred.send(.POST, "/auth/email-verification/confirm", json: ["token": token]).status == .ok)
            // validate: signed in, verified
            let signedIn = try await kindred.send(.POST, "/auth/sign-in", json: ["email": "bo@example.com", "password": "correct horse"])
            #expect(signedIn.status == .ok, "\(signedIn.body.string)")
            #expect(try signedIn.decode(Components.Schemas.AuthSession.self).me.emailVerified == true)
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
