import Foundation
import KindredSDK
import KindredTestSupport
@testable import KindredServer
import Testing

@Suite("E-mail links through the SDK")
struct EmailSessionTests {
    private func makeSession(_ kindred: TestKindred) throws -> KindredSession {
        KindredSession(serverURL: try #require(kindred.baseURL), tokenStore: MemoryTokenStore(),
                       retryPolicy: .init(baseDelay: .milliseconds(5)))
    }

    @Test func verifyChangeTheAddressAndResetThePassword() async throws {
        try await withKindred(running: true) { kindred in
            let phone = try makeSession(kindred)
            let me = try await phone.signUp(email: "sdk@example.com", password: "first password", username: "sdk_mail")
            #expect(me.emailVerified == false)

            // The sign-up's link, opened on another device with no session.
            let link = try #require(try await kindred.mail.to("sdk@example.com", subject: "Confirm your e-mail address").first?.token(of: "verify-email"))
            let elsewhere = try makeSession(kindred)
            #expect(try await elsewhere.confirmEmailVerification(token: link) == "sdk@example.com")
            #expect(try await phone.me().emailVerified == true)
            await #expect(throws: KindredError.self) { try await phone.sendEmailVerification() }

            // A wrong password is a field error, and the session stays.
            do {
                _ = try await phone.changeEmail(to: "sdk@new.example", password: "not it")
                Issue.record("a wrong password changed the address")
            } catch let error as KindredError {
                #expect(error.status == 422 && error.fieldErrors["password"] != nil)
            }
            #expect(await phone.isSignedIn)
            guard case .changed(let changed) = try await phone.changeEmail(to: "sdk@new.example", password: "first password") else {
                Issue.record("a server that does not confirm addresses changed it later")
                return
            }
            #expect(changed.email == "sdk@new.example" && changed.emailVerified == false)
            #expect(try await kindred.mail.to("sdk@example.com", subject: "Your e-mail address was changed").count == 1)
            try await phone.sendEmailVerification()
            #expect(try await kindred.mail.to("sdk@new.example", subject: "Confirm your e-mail address").count == 2)

            // Reset from a signed-out device: the phone's session ends with the others.
            try await elsewhere.requestPasswordReset(email: "sdk@new.example")
            try await elsewhere.requestPasswordReset(email: "nobody@new.example")
            let reset = try #require(try await kindred.mail.to("sdk@new.example", subject: "Reset your password").first?.token(of: "reset-password"))
            try await elsewhere.resetPassword(token: reset, newPassword: "second password")
            do {
                try await elsewhere.resetPassword(token: reset, newPassword: "third password")
                Issue.record("a reset link worked twice")
            } catch let error as KindredError {
                #expect(error.kind == "invalid-link" && error.status == 400)
            }
            await #expect(throws: KindredError.self) { try await phone.me() }
            #expect(await phone.isSignedIn == false)
            let again = try await phone.signIn(email: "sdk@new.example", password: "second password")
            #expect(again.emailVerified == true)
        }
    }
}
