import Fluent

/// The schema's history, oldest first. Append; never reorder or edit a shipped migration.
enum KindredMigrations {
    static let all: [any AsyncMigration] = [
        CreateUsers(),              // accounts and profiles
        CreateSessions(),           // devices and rotating refresh tokens
        CreateSignInFailures(),     // sign-in throttling
        CreateMedia(),              // uploads
        UpdateUsersAddAvatar(),     // profile avatar, once media exists
        CreateIdempotencyRecords(), // replayable POST responses
        CreateRealtimeTickets(),    // WebSocket passes
        AddLookupIndexes(),         // foreign-key and lookup indexes
        CreateInnovationEngineConnections(), // Innovation Engine: who scanned whom
        CreateRateLimitEvents(),    // per-person limits on costly actions
        CreateDateAnIntervention(), // Date An Intervention: catalogue, swipes, chats
        CreateRateLimitHits(),      // one scoped limiter, replacing sign-in failures and rate-limit events
        CreateInnovationEngineConnectCodes(), // Innovation Engine: secret connect codes
        CreateRealtimePayloads(),   // realtime events too large for NOTIFY
        RenameDateAnInterventionTables(), // Date An Intervention: the app's full id in its tables
        CreateSafety(),             // blocks, reports and suspended accounts
        CreateKinnect(),            // Kinnect: follows and follow requests
        CreateKinnectPosts(),       // Kinnect: posts and their photos
        CreateKinnectReactions(),   // Kinnect: likes and comments
        AddKinnectHiding(),         // Kinnect: posts and comments a moderator hid
        CreateKinnectSaves(),       // Kinnect: each person's saved posts
        AddMediaDuration(),         // videos: their length
        CreateKinnectActivity(),    // Kinnect: the activity tab and what each person has read
        AddKinnectFeedIndexes(),    // Kinnect: the feed newest first across authors; saves by post
        CreateMemories(),           // Memories: friends, books, pages and their operations, activity
        CreateRin(),                // Rin: settings, profiles and fields, circles, policies, overrides
        CreateRinContacts(),        // Rin: books of contacts and their values, circles' members
        CreateRinImports(),         // Rin: imports, raw records, merges, suggestions, conflicts
        CreateRinAsks(),            // Rin: asks to see a field
        CreateRinShareLinks(),      // Rin: share links
        AddRinSearchNamesAndOnboarding(), // Rin: people search by folded name; onboarding finished
        CreateRinProfileBlocks(),   // Rin: blocks of one profile (a card), not of an account
        CreateJobRuns(),            // scheduled jobs: one run per period across instances
        AddRinLinkProvenance(),     // Rin: how a contact was linked; who shows how they connect people
        CreateRinScores(),          // Rin: link history, daily scores, each person's latest run
        CreateAccountAlerts(),      // account alerts (a new device, sessions ended) and known devices
        AddRinSecuritySeen(),       // Rin: when the security inbox was last opened
        CreateRinDisputes(),        // Rin: disputes about a profile's details, with the claimant's photos
        CreateEmailLinks(),         // e-mailed links (verify the address, reset the password); verified addresses
        AddRinValueLookup(),        // Rin: contacts by address across books, for links by verified e-mail
        CreateDataExports(),        // "Download my data": exports being built and ready
        CreatePush(),               // push devices, muted kinds of notification, the delivery queue
        AddUsersSignUpPending(),    // sign-ups waiting for their address to be confirmed
    ]
}

extension Migrations {
    func addKindred() {
        add(KindredMigrations.all)
    }
}
