import KinnectCore
import SwiftUI

/// Someone's profile (or mine): the header with counts and the follow button, then their posts
/// as a grid, or, when they have not let me follow them, a screen saying the account is private.
struct ProfileView: View {
    let session: KindredSession
    @State private var model: KinnectProfileModel
    @State private var posts: Pager<KinnectPost>
    @Environment(\.viewer) private var viewer
    @Environment(\.dismiss) private var dismiss
    @State private var reporting: ReportSubject?
    @State private var blocking: Profile?

    init(session: KindredSession, username: String) {
        self.session = session
        _model = State(initialValue: KinnectProfileModel(session: session, username: username))
        _posts = State(initialValue: Pager(identity: \.id) { cursor in
            try await session.posts(of: username, cursor: cursor)
        })
    }

    var body: some View {
        ScrollView {
            if let profile = model.profile {
                VStack(spacing: 16) {
                    ProfileHeader(profile: profile, isMe: isMe(profile), followTitle: model.followButtonTitle,
                                  isChangingFollow: model.isChangingFollow) {
                        await model.tapFollow()
                    }
                    if let error = model.error {
                        Text(error)
                            .font(.footnote)
                            .foregroundStyle(.red)
                            .padding(.horizontal)
                    }
                    if profile.canSeePosts {
                        PostGrid(pager: posts, emptyMessage: isMe(profile) ? "Share your first photo from New post." : "No posts yet.")
                    } else {
                        privateAccount(profile)
                    }
                }
            }
        }
        .overlay { status }
        .refreshable { await reload() }
        .navigationTitle(model.profile?.profile.username ?? model.username)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar { toolbarItems }
        .task { await model.load() }
        // The grid loads once the profile says I may see it (and again if that changes).
        .task(id: model.profile?.canSeePosts) {
            if model.profile?.canSeePosts == true && !posts.hasLoaded { await posts.load() }
        }
        .sheet(item: $reporting) { subject in
            ReportSheet(session: session, subject: subject)
        }
        .blockConfirmation(session: session, person: $blocking, consequence: KinnectBlock.consequence) { dismiss() }
    }

    private func isMe(_ profile: KinnectProfile) -> Bool {
        viewer?.id == profile.profile.id
    }

    private func reload() async {
        await model.load()
        if model.profile?.canSeePosts == true { await posts.load() }
    }

    @ToolbarContentBuilder private var toolbarItems: some ToolbarContent {
        if let profile = model.profile {
            if isMe(profile) {
                ToolbarItem(placement: .topBarTrailing) {
                    SignOutButton()
                }
            } else {
                ToolbarItem(placement: .topBarTrailing) {
                    Menu {
                        Button("Report…", systemImage: "exclamationmark.bubble") { reporting = .profile(profile.profile) }
                        Button("Block", systemImage: "hand.raised", role: .destructive) { blocking = profile.profile }
                    } label: {
                        Image(systemName: "ellipsis.circle")
                    }
                    .accessibilityLabel("Report or block \(profile.profile.username)")
                }
            }
        }
    }

    private func privateAccount(_ profile: KinnectProfile) -> some View {
        ContentUnavailableView {
            Label("This account is private", systemImage: "lock")
        } description: {
            if profile.following == .requested {
                Text("You asked to follow \(profile.profile.shownName). You'll see their photos and videos once they confirm.")
            } else {
                Text("Follow \(profile.profile.shownName) to see their photos and videos.")
            }
        }
    }

    @ViewBuilder private var status: some View {
        if model.profile == nil {
            if let error = model.error {
                ContentUnavailableView {
                    Label("The profile did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await model.load() } }
                }
            } else {
                ProgressView()
            }
        }
    }
}
