extension RinShell {
    /// Asks per profile at most: one page each, and "more" counts as one more.
    static let asksPage = 100

    /// Reads the counts behind the tab badges: Review's suggestions and conflicts for the acting
    /// profile, and asks waiting over all my profiles.
    public func refreshBadges() async {
        guard isSignedIn, let account = context.account, let profile = context.profileID else { return }
        let session = context.session
        // Figures read for an account that has since signed out are not shown to the next one.
        let stillCurrent = { [weak self] in self?.isSignedIn == true && self?.context.account == account }
        // A badge is a hint: a failed read keeps the last figure instead of an error over the tabs.
        if let home = try? await session.rinContactsHome(of: profile), stillCurrent() {
            badges[.home] = home.suggestions + home.conflicts
        }
        var asks = 0
        for owned in context.profiles {
            guard let page = try? await session.incomingRinAsks(of: owned.id, limit: Self.asksPage) else { return }
            asks += page.items.count + (page.nextCursor == nil ? 0 : 1)
        }
        if stillCurrent() { badges[.profile] = asks }
    }
}

extension RinShell {
    /// Keeps the badges current while signed in, until cancelled: someone asks, or an import
    /// ends with new suggestions. The counts come from the server each time; events carry ids only.
    public func followChanges() async {
        for await event in context.events() {
            switch event {
            case .rin_ask_requested:
                await refreshBadges()
            case .rin_import_progressed(let progressed) where progressed._import.phase == .done:
                await refreshBadges()
            default:
                continue
            }
        }
    }
}
