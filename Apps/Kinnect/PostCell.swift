import KinnectCore
import SwiftUI

/// What a post's controls do, given by the screen that shows it: the feed's model, or a single
/// post's screen.
struct PostActions {
    /// `likeOnly` for a double tap, which likes and never unlikes.
    var toggleLike: @MainActor (_ likeOnly: Bool) async -> Void
    var toggleSave: @MainActor () async -> Void
    var delete: @MainActor () async -> Void
    /// The server saved a new caption: show the post as it answered.
    var captionEdited: @MainActor (KinnectPost) -> Void
    /// I blocked the author: their posts leave the screen.
    var authorBlocked: @MainActor () async -> Void
}

/// One post: who and when, the carousel (double tap to like), heart, comment and save, the
/// likes, the caption, and the way into its comments. The author's menu edits the caption or
/// deletes the post; anyone else's reports the post or its author, or blocks the author.
struct PostCell: View {
    let session: KindredSession
    let post: KinnectPost
    let actions: PostActions
    /// Opens the comments as soon as the post shows ("ada commented on your post").
    var opensComments = false

    @Environment(\.viewer) private var viewer
    @ScaledMetric(relativeTo: .subheadline) private var avatarSize: CGFloat = 34
    @State private var showsComments = false
    @State private var openedComments = false
    @State private var captionExpanded = false
    @State private var editsCaption = false
    @State private var confirmsDelete = false
    @State private var reporting: ReportSubject?
    @State private var blocking: Profile?

    private var isMine: Bool { viewer?.id == post.author.id }

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            header
                .padding(.horizontal)
            MediaCarousel(media: post.media, authorName: post.author.shownName) {
                await actions.toggleLike(true)
            }
            VStack(alignment: .leading, spacing: 6) {
                actionBar
                if post.likeCount > 0 {
                    Text("^[\(post.likeCount) like](inflect: true)")
                        .font(.subheadline.weight(.semibold))
                }
                caption
                if post.commentCount > 0 {
                    Button("View ^[\(post.commentCount) comment](inflect: true)") { showsComments = true }
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .buttonStyle(.plain)
                }
            }
            .padding(.horizontal)
        }
        .sheet(isPresented: $showsComments) {
            CommentsSheet(session: session, post: post, viewer: viewer)
        }
        .sheet(isPresented: $editsCaption) {
            EditCaptionSheet(session: session, post: post, onSaved: actions.captionEdited)
        }
        .sheet(item: $reporting) { subject in
            ReportSheet(session: session, subject: subject)
        }
        .confirmationDialog("Delete this post?", isPresented: $confirmsDelete, titleVisibility: .visible) {
            Button("Delete", role: .destructive) { Task { await actions.delete() } }
        } message: {
            Text("Its photos and videos, likes and comments are deleted with it.")
        }
        .blockConfirmation(session: session, person: $blocking, consequence: KinnectBlock.consequence) { await actions.authorBlocked() }
        .task {
            // Once: coming back to this screen later must not open the sheet again.
            guard opensComments, !openedComments else { return }
            openedComments = true
            showsComments = true
        }
    }

    private var header: some View {
        HStack(spacing: 10) {
            NavigationLink(value: KinnectRoute.profile(post.author.username)) {
                HStack(spacing: 10) {
                    AvatarView(profile: post.author, size: avatarSize)
                    VStack(alignment: .leading, spacing: 1) {
                        Text(post.author.shownName)
                            .font(.subheadline.weight(.semibold))
                        HStack(spacing: 4) {
                            Text(post.createdAt, format: .relative(presentation: .named))
                            if post.editedAt != nil {
                                Text("· Edited")
                            }
                        }
                        .font(.caption)
                        .foregroundStyle(.secondary)
                    }
                }
            }
            .buttonStyle(.plain)
            .accessibilityHint("Opens \(post.author.shownName)'s profile")
            Spacer(minLength: 0)
            menu
        }
    }

    private var menu: some View {
        Menu {
            if isMine {
                Button("Edit caption", systemImage: "pencil") { editsCaption = true }
                Button("Delete", systemImage: "trash", role: .destructive) { confirmsDelete = true }
            } else {
                Button("Report post…", systemImage: "exclamationmark.bubble") { reporting = .kinnectPost(post) }
                Button("Report \(post.author.username)…", systemImage: "person.crop.circle.badge.exclamationmark") {
                    reporting = .profile(post.author)
                }
                Button("Block \(post.author.username)", systemImage: "hand.raised", role: .destructive) {
                    blocking = post.author
                }
            }
        } label: {
            Image(systemName: "ellipsis")
                .imageScale(.large)
                .frame(minWidth: 44, minHeight: 44)
                .contentShape(Rectangle())
        }
        .accessibilityLabel(isMine ? "Edit or delete this post" : "Report or block")
    }

    private var actionBar: some View {
        HStack(spacing: 18) {
            Button {
                Task { await actions.toggleLike(false) }
            } label: {
                Image(systemName: post.liked ? "heart.fill" : "heart")
                    .foregroundStyle(post.liked ? Color.red : Color.primary)
            }
            .accessibilityLabel(post.liked ? "Unlike" : "Like")
            .sensoryFeedback(.impact(weight: .light), trigger: post.liked) { wasLiked, isLiked in !wasLiked && isLiked }

            Button {
                showsComments = true
            } label: {
                Image(systemName: "bubble.right")
            }
            .accessibilityLabel("Comments")

            Spacer()

            Button {
                Task { await actions.toggleSave() }
            } label: {
                Image(systemName: post.saved ? "bookmark.fill" : "bookmark")
            }
            .accessibilityLabel(post.saved ? "Remove from saved" : "Save")
        }
        .font(.title2)
        .buttonStyle(.plain)
    }

    @ViewBuilder private var caption: some View {
        if !post.caption.isEmpty {
            VStack(alignment: .leading, spacing: 2) {
                (Text(post.author.username).fontWeight(.semibold) + Text(verbatim: " " + post.caption))
                    .font(.subheadline)
                    .lineLimit(captionExpanded ? nil : 2)
                    .fixedSize(horizontal: false, vertical: true)
                // A heuristic, not a measurement: SwiftUI does not say whether text was truncated.
                if !captionExpanded && (post.caption.count > 90 || post.caption.contains("\n")) {
                    Button("more") { captionExpanded = true }
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .buttonStyle(.plain)
                        .accessibilityLabel("Show the whole caption")
                }
            }
        }
    }
}
