import KinnectCore
import SwiftUI

/// A post's photos and videos, swiped sideways, in the first item's proportions (kept between
/// 4:5 and 1.91:1 so one tall photo cannot fill the screen). A double tap likes the post, with a
/// heart that pops over it.
struct MediaCarousel: View {
    let media: [KinnectPostMedia]
    let authorName: String
    let onDoubleTap: @MainActor () async -> Void

    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var page = 0
    @State private var heartShown = false
    @State private var hidingHeart: Task<Void, Never>?

    var body: some View {
        TabView(selection: $page) {
            ForEach(media.indices, id: \.self) { index in
                content(for: media[index], at: index)
                    .onTapGesture(count: 2) { doubleTapped() }
                    .tag(index)
            }
        }
        .tabViewStyle(.page(indexDisplayMode: media.count > 1 ? .always : .never))
        .indexViewStyle(.page(backgroundDisplayMode: .always))
        .frame(maxWidth: .infinity)
        .aspectRatio(shownRatio, contentMode: .fit)
        .background(Color.secondary.opacity(0.12))
        .overlay(alignment: .topTrailing) { counter }
        .overlay { heart }
    }

    @ViewBuilder private func content(for item: KinnectPostMedia, at index: Int) -> some View {
        let label = "\(item.display.isVideo ? "Video" : "Photo") \(index + 1) of \(media.count) by \(authorName)"
        if item.display.isVideo {
            VideoPage(video: item.display, poster: item.thumbnail, label: label)
        } else {
            MediaImage(media: item.display, contentMode: .fit)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .contentShape(Rectangle())
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(label)
                .accessibilityAddTraits(.isImage)
                // VoiceOver's double tap is not ours to take; the same like, as an action.
                .accessibilityAction(named: "Like") { Task { await onDoubleTap() } }
        }
    }

    /// The first item's width over height, within what a post may take up.
    private var shownRatio: CGFloat {
        min(max(media.first?.display.aspectRatio ?? 1, 0.8), 1.91)
    }

    @ViewBuilder private var counter: some View {
        if media.count > 1 {
            Text("\(page + 1)/\(media.count)")
                .font(.caption.weight(.semibold).monospacedDigit())
                .padding(.horizontal, 8)
                .padding(.vertical, 4)
                .background(.ultraThinMaterial, in: Capsule())
                .padding(10)
                .accessibilityHidden(true)  // each item's label says where it is
        }
    }

    private var heart: some View {
        Image(systemName: "heart.fill")
            .font(.system(size: 88))
            .foregroundStyle(.white)
            .shadow(color: .black.opacity(0.3), radius: 10)
            .scaleEffect(heartShown || reduceMotion ? 1 : 0.3)
            .opacity(heartShown ? 1 : 0)
            .allowsHitTesting(false)
            .accessibilityHidden(true)
    }

    private func doubleTapped() {
        withAnimation(reduceMotion ? .easeIn(duration: 0.1) : .spring(response: 0.3, dampingFraction: 0.55)) {
            heartShown = true
        }
        hidingHeart?.cancel()
        hidingHeart = Task {
            do {
                try await Task.sleep(for: .milliseconds(700))
            } catch {
                return  // a newer double tap took over the heart
            }
            withAnimation(.easeOut(duration: 0.25)) { heartShown = false }
        }
        Task { await onDoubleTap() }
    }
}
