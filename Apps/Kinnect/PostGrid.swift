import KinnectCore
import SwiftUI

/// Posts as a three-column grid of square thumbnails, a page at a time; a tap opens the post.
struct PostGrid: View {
    let pager: Pager<KinnectPost>
    let emptyMessage: String

    private let columns = Array(repeating: GridItem(.flexible(), spacing: 2), count: 3)

    var body: some View {
        LazyVGrid(columns: columns, spacing: 2) {
            ForEach(pager.items, id: \.id) { post in
                NavigationLink(value: KinnectRoute.post(post.id)) {
                    PostThumbnail(post: post)
                }
                .buttonStyle(.plain)
                .onAppear {
                    guard pager.nextCursor != nil, pager.items.suffix(6).contains(where: { $0.id == post.id }) else { return }
                    Task { await pager.loadMore() }
                }
            }
        }
        footer
    }

    @ViewBuilder private var footer: some View {
        if let error = pager.error {
            RetryFooter(message: error) {
                if pager.hasLoaded { await pager.loadMore() } else { await pager.load() }
            }
        } else if !pager.hasLoaded || pager.nextCursor != nil {
            ProgressView().padding()
        } else if pager.items.isEmpty {
            Text(emptyMessage)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
                .padding(.vertical, 40)
                .padding(.horizontal)
        }
    }
}

/// A post's first thumbnail, cropped square, marked when it is a video or holds several items.
struct PostThumbnail: View {
    let post: KinnectPost

    var body: some View {
        Color.clear
            .aspectRatio(1, contentMode: .fit)
            .overlay {
                if let first = post.media.first {
                    MediaImage(media: first.thumbnail, contentMode: .fill)
                }
            }
            .clipped()
            .overlay(alignment: .topTrailing) { kindMarker }
            .contentShape(Rectangle())
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(accessibilityText)
    }

    @ViewBuilder private var kindMarker: some View {
        if post.media.count > 1 {
            marker("square.on.square.fill")
        } else if post.media.first?.display.isVideo == true {
            marker("play.fill")
        }
    }

    private func marker(_ symbol: String) -> some View {
        Image(systemName: symbol)
            .font(.caption)
            .foregroundStyle(.white)
            .shadow(color: .black.opacity(0.5), radius: 2)
            .padding(6)
    }

    private var accessibilityText: String {
        let videos = post.media.filter { $0.display.isVideo }.count
        let what: String
        if post.media.count > 1 {
            what = "\(post.media.count) photos and videos"
        } else {
            what = videos == 1 ? "Video" : "Photo"
        }
        let when = post.createdAt.formatted(.relative(presentation: .named))
        let caption = post.caption.isEmpty ? "" : ": \(post.caption.prefix(80))"
        return "\(what), \(when)\(caption)"
    }
}
