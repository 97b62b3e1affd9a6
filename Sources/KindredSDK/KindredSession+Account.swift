import Foundation
import OpenAPIRuntime

/// Accounts, profiles, sessions and media: the foundation every app core builds on.
extension KindredSession {
    /// Runs a generated-client call and reports failures as `KindredError`.
    public nonisolated func perform<T: Sendable>(_ call: @Sendable () async throws -> T) async throws -> T {
        do { return try await call() } catch { throw KindredError.from(error) }
    }

    // MARK: - Signing in and out

    @discardableResult
    public func signUp(email: String, password: String, username: String, displayName: String? = nil, device: String? = nil) async throws -> Me {
        let output = try await perform {
            try await client.signUp(body: .json(.init(email: email, password: password, username: username,
                                                      displayName: displayName, device: device, installation: installation,
                                                      refreshTokenDelivery: .body)))
        }
        let auth = try output.created.body.json
        try await adopt(auth)
        return auth.me
    }

    /// What `createAccount` did: signed in at once, or (on a server that confirms addresses) a
    /// link went to `email` to finish; then `signIn`.
    public enum SignUpOutcome: Sendable, Equatable {
        case signedIn(Me)
        case confirmationSent(email: String)
    }

    /// Creates an account on any server: one that signs in at once, or one that confirms the
    /// address first (and answers alike whether or not the address had an account).
    public func createAccount(email: String, password: String, username: String, displayName: String? = nil,
                              device: String? = nil) async throws -> SignUpOutcome {
        let output = try await perform {
            try await client.signUp(body: .json(.init(email: email, password: password, username: username,
                                                      displayName: displayName, device: device, installation: installation,
                                                      refreshTokenDelivery: .body)))
        }
        switch output {
        case .created(let created):
            let auth = try created.body.json
            try await adopt(auth)
            return .signedIn(auth.me)
        case .accepted(let pending):
            return .confirmationSent(email: try pending.body.json.email)
        case .default(let status, _):
            throw KindredError.unexpectedResponse(status: status)
        }
    }

    @discardableResult
    public func signIn(email: String, password: String, device: String? = nil) async throws -> Me {
        let output = try await perform {
            try await client.signIn(body: .json(.init(email: email, password: password, device: device, installation: installation,
                                                      refreshTokenDelivery: .body)))
        }
        let auth = try output.ok.body.json
        try await adopt(auth)
        return auth.me
    }

    /// Signs in with the identity token from `ASAuthorizationAppleIDCredential` and the raw
    /// nonce whose SHA-256 was put in the Apple request.
    @discardableResult
    public func signInWithApple(identityToken: String, rawNonce: String, displayName: String? = nil, device: String? = nil) async throws -> Me {
        let output = try await perform {
            try await client.signInWithApple(body: .json(.init(identityToken: identityToken, rawNonce: rawNonce,
                                                                displayName: displayName, device: device, installation: installation,
                                                                refreshTokenDelivery: .body)))
        }
        let auth = try output.ok.body.json
        try await adopt(auth)
        return auth.me
    }

    /// Ends the session on the server and forgets it here, even when the server cannot be reached.
    public func signOut() async throws {
        guard await isSignedIn else { return }
        do {
            _ = try await perform { try await client.signOut().noContent }
        } catch KindredError.signedOut {
            // Already ended on the server.
        } catch {
            try await end()
            throw error
        }
        try await end()
    }

    // MARK: - Account

    public func me() async throws -> Me {
        try await perform { try await client.getMe().ok.body.json }
    }

    public func updateProfile(username: String? = nil, displayName: String? = nil, bio: String? = nil,
                              avatarID: UUID? = nil, removeAvatar: Bool = false) async throws -> Me {
        try await perform {
            try await client.updateProfile(body: .json(.init(username: username, displayName: displayName, bio: bio,
                                                             avatarId: avatarID, removeAvatar: removeAvatar ? true : nil))).ok.body.json
        }
    }

    // MARK: - E-mail

    /// Sends a new link to prove the account's address (`Me.emailVerified` turns true once it is opened).
    public func sendEmailVerification() async throws {
        _ = try await perform { try await client.sendEmailVerification().accepted }
    }

    /// Proves an address with the token of an e-mailed link (`…/#/verify-email?token=…`); needs
    /// no session, as the link may be opened on another device. Gives the proven address. The
    /// link of a sign-up that waits for it (`createAccount`'s `.confirmationSent`) needs the
    /// account's `password`, which it sets; without one it is a 422 on `password`.
    @discardableResult
    public func confirmEmailVerification(token: String, password: String? = nil) async throws -> String {
        try await perform {
            try await client.confirmEmailVerification(body: .json(.init(token: token, password: password))).ok.body.json.email
        }
    }

    /// What `changeEmail` did: changed at once, or (on a server that confirms addresses) a link
    /// went to `email`, and the account keeps its address until it is opened.
    public enum EmailChangeOutcome: Sendable, Equatable {
        case changed(Me)
        case confirmationSent(email: String)
    }

    /// Changes the address (the password confirms it). On a server that confirms addresses, by a
    /// link sent to the new one (answered alike whether or not another account has it); on
    /// others at once, the new address unverified with a link on its way.
    public func changeEmail(to email: String, password: String) async throws -> EmailChangeOutcome {
        let output = try await perform { try await client.changeEmail(body: .json(.init(email: email, password: password))) }
        switch output {
        case .ok(let changed):
            return .changed(try changed.body.json)
        case .accepted(let pending):
            return .confirmationSent(email: try pending.body.json.email)
        case .default(let status, _):
            throw KindredError.unexpectedResponse(status: status)
        }
    }

    /// Asks for a reset link for `email`; answers the same whether or not an account has it.
    public func requestPasswordReset(email: String) async throws {
        _ = try await perform { try await client.requestPasswordReset(body: .json(.init(email: email))).accepted }
    }

    /// Sets a new password with the token of a reset link. Every session of that account ends; if
    /// this one was among them, its next call finds it ended and it is forgotten (`signedOut`),
    /// as with any revoked session (the token does not say whose account it is).
    public func resetPassword(token: String, newPassword: String) async throws {
        _ = try await perform { try await client.resetPassword(body: .json(.init(token: token, password: newPassword))).noContent }
    }

    /// Deletes the account and everything in it, then forgets the session.
    public func deleteAccount() async throws {
        _ = try await perform { try await client.deleteAccount().noContent }
        try await end()
    }

    /// My active sessions, most recently used first, a page at a time.
    public func sessions(limit: Int? = nil, cursor: String? = nil) async throws -> Page<SessionInfo> {
        try await perform {
            let page = try await client.listSessions(query: .init(limit: limit, cursor: cursor)).ok.body.json
            return Page(items: page.items, nextCursor: page.nextCursor)
        }
    }

    public func revokeSession(_ id: UUID) async throws {
        _ = try await perform { try await client.revokeSession(path: .init(sessionId: id)).noContent }
        if id == (await sessionID) { try await end() }
    }

    // MARK: - Profiles and media

    public func profile(username: String) async throws -> Profile {
        try await perform { try await client.getProfile(path: .init(username: username)).ok.body.json }
    }

    public func searchProfiles(prefix: String, limit: Int? = nil) async throws -> [Profile] {
        try await perform { try await client.searchProfiles(query: .init(prefix: prefix, limit: limit)).ok.body.json.profiles }
    }

    /// Uploads an image or a video; the server decides its type from the bytes and removes location data.
    public func uploadMedia(_ data: Data) async throws -> Media {
        try await perform { try await client.uploadMedia(body: .binary(HTTPBody(data))).created.body.json }
    }

    public func media(_ id: UUID) async throws -> Media {
        try await perform { try await client.getMedia(path: .init(mediaId: id)).ok.body.json }
    }
}

public typealias DataExport = Components.Schemas.DataExport

/// "Download my data".
extension KindredSession {
    /// Starts building a ZIP of everything the account holds, or gives the one being built.
    /// Three a day (a 429 after).
    @discardableResult
    public func requestDataExport() async throws -> DataExport {
        try await perform {
            switch try await client.requestDataExport() {
            case .accepted(let started): return try started.body.json
            case .ok(let building): return try building.body.json
            case .default(let status, _): throw KindredError.unexpectedResponse(status: status)
            }
        }
    }

    /// My latest export while it is built or can be downloaded; nil when there is none (never
    /// asked for, or its day is over).
    public func dataExport() async throws -> DataExport? {
        do {
            return try await perform { try await client.getDataExport().ok.body.json }
        } catch let error as KindredError where error.status == 404 {
            return nil
        }
    }

    /// Where a ready export's ZIP downloads from (its signed link on this server), until it expires.
    public nonisolated func downloadURL(of export: DataExport) -> URL? {
        export.url.flatMap { URL(string: $0, relativeTo: serverURL)?.absoluteURL }
    }
}
