import AuthenticationServices
import CryptoKit
import KindredSDK
import SwiftUI
import UIKit

/// Email/password or Sign in with Apple, shared by every Kindred app (each project.yml adds
/// `Apps/Shared` to its sources). Accounts are created on the web or by Apple sign-in, so there is
/// no sign-up form here.
struct SignInView: View {
    let session: KindredSession
    /// The app's name: the screen's title and, with the device model, the session's name.
    let appName: String
    /// One line on what the app is for, above the form.
    var pitch: String?

    @Environment(\.colorScheme) private var colorScheme
    @State private var email = ""
    @State private var password = ""
    /// The raw nonce of the Apple request in flight: Apple only ever sees its hash, the server
    /// gets the raw value and checks the hash inside the identity token, so a stolen token
    /// cannot be replayed.
    @State private var appleNonce: String?
    @State private var working = false
    @State private var error: String?

    var body: some View {
        NavigationStack {
            Form {
                if let pitch {
                    Section {
                        Text(pitch).foregroundStyle(.secondary)
                    }
                }

                Section {
                    TextField("Email", text: $email)
                        .textContentType(.username)
                        .keyboardType(.emailAddress)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    SecureField("Password", text: $password)
                        .textContentType(.password)
                        .onSubmit { Task { await signInWithPassword() } }
                    Button("Sign in") {
                        Task { await signInWithPassword() }
                    }
                    .disabled(email.isEmpty || password.isEmpty || working)
                }

                Section {
                    SignInWithAppleButton(.signIn) { request in
                        let nonce = Self.randomNonce()
                        appleNonce = nonce
                        request.requestedScopes = [.fullName]
                        request.nonce = Self.sha256Hex(nonce)
                    } onCompletion: { result in
                        completeApple(result)
                    }
                    // Apple's guidelines: the button must contrast with the background.
                    .signInWithAppleButtonStyle(colorScheme == .dark ? .white : .black)
                    .frame(height: 48)
                    .disabled(working)
                    .listRowInsets(EdgeInsets())
                }

                if working {
                    ProgressView()
                }
                if let error {
                    Text(error)
                        .foregroundStyle(.red)
                }
            }
            .navigationTitle(appName)
        }
    }

    private func signInWithPassword() async {
        guard !email.isEmpty, !password.isEmpty, !working else { return }
        working = true
        defer { working = false }
        do {
            try await session.signIn(email: email, password: password, device: device)
            error = nil
            // KindredAppRoot follows the session and switches to the app; nothing to do here.
        } catch {
            self.error = error.localizedDescription
        }
    }

    private func completeApple(_ result: Result<ASAuthorization, any Error>) {
        let nonce = appleNonce
        appleNonce = nil  // one nonce per request, never reused
        switch result {
        case .success(let authorization):
            guard let credential = authorization.credential as? ASAuthorizationAppleIDCredential,
                  let tokenData = credential.identityToken,
                  let identityToken = String(data: tokenData, encoding: .utf8),
                  let nonce
            else {
                error = "Apple did not return an identity token. Please try again."
                return
            }
            // Apple shares the name only on the very first sign-in; the server keeps it then.
            let name = credential.fullName
                .map { PersonNameComponentsFormatter.localizedString(from: $0, style: .default) }
                .flatMap { $0.isEmpty ? nil : String($0.prefix(60)) }
            Task { await signInWithApple(identityToken: identityToken, rawNonce: nonce, displayName: name) }
        case .failure(let failure):
            // Dismissing Apple's sheet is a choice, not an error worth a red message.
            if let authError = failure as? ASAuthorizationError, authError.code == .canceled { return }
            error = failure.localizedDescription
        }
    }

    private func signInWithApple(identityToken: String, rawNonce: String, displayName: String?) async {
        working = true
        defer { working = false }
        do {
            try await session.signInWithApple(identityToken: identityToken, rawNonce: rawNonce,
                                              displayName: displayName, device: device)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Shown in the account's session list so the user can tell this device's session apart.
    private var device: String { "\(appName) on \(UIDevice.current.model)" }

    /// 32 random bytes as hex. SystemRandomNumberGenerator is cryptographically secure on Apple
    /// platforms, which a nonce needs: a guessable one would let a captured token be replayed.
    static func randomNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32)
            .map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }
            .joined()
    }

    /// Lower-case hex SHA-256, the form the server compares with the token's `nonce` claim.
    static func sha256Hex(_ text: String) -> String {
        SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
