import KinnectCore
import SwiftUI

/// One comment or reply: who, what, when, Reply, and (swiped or held) Delete or Report.
struct CommentRow: View {
    let comment: KinnectComment
    let canDelete: Bool
    let reply: () -> Void
    let delete: () -> Void
    let report: () -> Void

    @ScaledMetric(relativeTo: .subheadline) private var avatarSize: CGFloat = 30

    var body: some View {
        HStack(alignment: .top, spacing: 10) {
            AvatarView(profile: comment.author, size: avatarSize)
            VStack(alignment: .leading, spacing: 4) {
                (Text(comment.author.username).fontWeight(.semibold) + Text(verbatim: " " + comment.text))
                    .font(.subheadline)
                    .fixedSize(horizontal: false, vertical: true)
                HStack(spacing: 14) {
                    Text(comment.createdAt, format: .relative(presentation: .named))
                    Button("Reply", action: reply)
                        .buttonStyle(.borderless)
                        .fontWeight(.semibold)
                        .accessibilityLabel("Reply to \(comment.author.username)")
                }
                .font(.caption)
                .foregroundStyle(.secondary)
            }
        }
        .swipeActions(edge: .trailing, allowsFullSwipe: false) { actions }
        .contextMenu { actions }
    }

    @ViewBuilder private var actions: some View {
        if canDelete {
            Button("Delete", systemImage: "trash", role: .destructive, action: delete)
        } else {
            Button("Report…", systemImage: "exclamationmark.bubble", action: report)
        }
    }
}
