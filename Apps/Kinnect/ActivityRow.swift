import KinnectCore
import SwiftUI

/// One activity item: the faces, the sentence and when, and the post's thumbnail when it is
/// about a post. The list tints new items (since I last looked).
struct ActivityRow: View {
    let item: KinnectActivity

    @ScaledMetric(relativeTo: .body) private var faceSize: CGFloat = 40
    @ScaledMetric(relativeTo: .body) private var thumbnailSize: CGFloat = 44

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            faces
            VStack(alignment: .leading, spacing: 2) {
                (Text(item.subject).fontWeight(.semibold) + Text(verbatim: " " + item.what))
                    .font(.subheadline)
                    .fixedSize(horizontal: false, vertical: true)
                Text(item.latestAt, format: .relative(presentation: .named))
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            .accessibilityElement(children: .combine)
            .accessibilityValue(item.unread ? "New" : "")
            Spacer(minLength: 0)
            if let post = item.post {
                MediaImage(media: post.thumbnail, contentMode: .fill)
                    .frame(width: thumbnailSize, height: thumbnailSize)
                    .clipShape(RoundedRectangle(cornerRadius: 6, style: .continuous))
                    .accessibilityHidden(true)
            }
        }
        .padding(.vertical, 4)
    }

    /// The latest one or two people, the second tucked behind the first.
    private var faces: some View {
        ZStack(alignment: .bottomTrailing) {
            if item.actors.count > 1 {
                AvatarView(profile: item.actors[1], size: faceSize * 0.75)
                    .offset(x: -faceSize * 0.3, y: -faceSize * 0.3)
            }
            if let first = item.actors.first {
                AvatarView(profile: first, size: item.actors.count > 1 ? faceSize * 0.75 : faceSize)
                    .overlay(Circle().stroke(.background, lineWidth: 2))
            }
        }
        .frame(width: faceSize, height: faceSize, alignment: .bottomTrailing)
    }
}
