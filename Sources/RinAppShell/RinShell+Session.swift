import Foundation

extension RinShell {
    /// Follows who is signed in, until cancelled: the app's root runs it once.
    /// - Signed in: the account's cache and settings are read, waiting changes sent, onboarding
    ///   shown if the account needs it, and a link opened while signed out is opened.
    /// - Signed out: the cache and queue are emptied and every feature goes back to its start.
    public func run() async {
        for await account in context.session.signedInChanges() {
            if let account {
                await signedIn(account)
            } else {
                await signedOut()
            }
        }
    }

    func signedIn(_ account: UUID) async {
        // Another account without a sign-out in between: nothing of the last one stays on screen.
        if let previous = context.account, previous != account { resetNavigation() }
        isReady = false
        isSignedIn = true
        await context.start()
        await context.sync()
        if await onboarding.model.isNeeded() {
            onboarding.popToRoot()
            presentsOnboarding = true
        }
        isReady = true
        if let route = waitingRoute {
            waitingRoute = nil
            open(route)
        }
        await refreshBadges()
    }

    func signedOut() async {
        // Before anything is awaited: a link arriving from here on waits for the next sign-in,
        // and no screen of the account is shown while its cache is being emptied.
        (isSignedIn, isReady) = (false, false)
        resetNavigation()
        await context.signedOut()
    }
}
