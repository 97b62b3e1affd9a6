import Foundation
import KindredSDK
import KindredTestSupport
@testable import KindredServer
import Testing

@Suite("Creating an account through the SDK, on servers that do and do not confirm addresses")
struct SignUpSessionTests {
    @Test func aConfirmingServerSendsALinkAndSigningInWaitsForIt() async throws {
        try await withKindred(running: true, adjust: { $0.signUpConfirmsEmail = true }) { kindred in
            let phone = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore(),
                                       retryPolicy: .init(baseDelay: .milliseconds(5)))
            let outcome = try await phone.createAccount(email: "SDK-Confirm@example.com", password: "first password", username: "sdk_confirm")
            #expect(outcome == .confirmationSent(email: "sdk-confirm@example.com"))
            #expect(await phone.isSignedIn == false)
            do {
                try await phone.signIn(email: "sdk-confirm@example.com", password: "first password")
                Issue.record("signed in before the link")
            } catch let error as KindredError {
                #expect(error.status == 403 && error.kind == "email-not-confirmed")
            }
            let token = try #require(try await kindred.mail.to("sdk-confirm@example.com", subject: "Confirm your e-mail address")
                .first?.token(of: "verify-email"))
            // The link asks for the password (and stays good), then sets it.
            do {
                try await phone.confirmEmailVerification(token: token)
                Issue.record("a sign-up's link confirmed without the password")
            } catch let error as KindredError {
                #expect(error.status == 422)
            }
            try await phone.confirmEmailVerification(token: token, password: "first password")
            let me = try await phone.signIn(email: "sdk-confirm@example.com", password: "first password")
            #expect(me.emailVerified == true)
            // The same address again is answered as a new one was.
            let again = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore())
            #expect(try await again.createAccount(email: "sdk-confirm@example.com", password: "another one!", username: "sdk_other")
                    == .confirmationSent(email: "sdk-confirm@example.com"))
        }
    }

    @Test func aConfirmingServerChangesTheAddressByTheLink() async throws {
        try await withKindred(running: true, adjust: { $0.signUpConfirmsEmail = true }) { kindred in
            let phone = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore(),
                                       retryPolicy: .init(baseDelay: .milliseconds(5)))
            for (email, username) in [("sdk-move@example.com", "sdk_move"), ("taken@example.com", "sdk_taken")] {
                _ = try await phone.createAccount(email: email, password: "first password", username: username)
                let link = try #require(try await kindred.mail.to(email, subject: "Confirm your e-mail address").first?.token(of: "verify-email"))
                try await phone.confirmEmailVerification(token: link, password: "first password")
            }
            try await phone.signIn(email: "sdk-move@example.com", password: "first password")

            // A taken address and a free one are answered alike; neither changes anything yet.
            #expect(try await phone.changeEmail(to: "taken@example.com", password: "first password")
                    == .confirmationSent(email: "taken@example.com"))
            #expect(try await phone.changeEmail(to: "SDK-Moved@example.com", password: "first password")
                    == .confirmationSent(email: "sdk-moved@example.com"))
            #expect(try await phone.me().email == "sdk-move@example.com")
            #expect(try await kindred.mail.to("taken@example.com", subject: "Someone tried to use your address").count == 1)

            let token = try #require(try await kindred.mail.to("sdk-moved@example.com", subject: "Confirm your new e-mail address")
                .first?.token(of: "verify-email"))
            #expect(try await phone.confirmEmailVerification(token: token) == "sdk-moved@example.com")
            let me = try await phone.me()
            #expect(me.email == "sdk-moved@example.com" && me.emailVerified == true)
        }
    }

    @Test func anyOtherServerSignsInAtOnce() async throws {
        try await withKindred(running: true) { kindred in
            let phone = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore(),
                                       retryPolicy: .init(baseDelay: .milliseconds(5)))
            guard case .signedIn(let me) = try await phone.createAccount(email: "sdk-now@example.com", password: "first password",
                                                                         username: "sdk_now")
            else { Issue.record("not signed in at once"); return }
            #expect(me.profile.username == "sdk_now")
            #expect(await phone.isSignedIn)
        }
    }
}
