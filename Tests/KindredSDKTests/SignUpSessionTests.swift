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
            try await phone.confirmEmailVerification(token: token)
            let me = try await phone.signIn(email: "sdk-confirm@example.com", password: "first password")
            #expect(me.emailVerified == true)
            // The same address again is answered as a new one was.
            let again = KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore())
            #expect(try await again.createAccount(email: "sdk-confirm@example.com", password: "another one!", username: "sdk_other")
                    == .confirmationSent(email: "sdk-confirm@example.com"))
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
