import MemoriesCore
import SwiftUI

/// One side of the open book: the page as it was made, a letter's envelope or a memory page's
/// photo corners, and who made it when; paper while it loads; blank paper on the back of the
/// last page of a spread.
struct BookPageView: View {
    let model: BookModel
    let index: Int
    /// Two pages face each other: this one sits against the spine.
    let isSpread: Bool
    /// The friend can still add to the book (not archived).
    let canEdit: Bool
    let edit: @MainActor (MemoriesPageSummary) -> Void

    @Environment(\.viewer) private var viewer

    var body: some View {
        VStack(spacing: 8) {
            face
            caption
        }
        .padding(.horizontal, isSpread ? 0 : 16)
        .padding(.vertical, 12)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment)
    }

    /// Against the spine on a spread (left pages right-aligned, right pages left-aligned).
    private var alignment: Alignment {
        guard isSpread else { return .center }
        return index % 2 == 0 ? .trailing : .leading
    }

    private var summary: MemoriesPageSummary? {
        model.contents.indices.contains(index) ? model.contents[index] : nil
    }

    @ViewBuilder private var face: some View {
        if let summary, let detail = model.loaded[summary.id] {
            CanvasPageView(canvas: detail.canvas, media: detail.media)
                .overlay(alignment: .topTrailing) {
                    PageKindBadge(kind: summary.kind, size: 22)
                        .padding(10)
                }
                .overlay(alignment: .topLeading) {
                    if summary.kind == .memory { photoCorners }
                }
                .shadow(color: .black.opacity(0.18), radius: 4, y: 2)
        } else {
            Rectangle()
                .fill(CanvasRenderer.paperColor)
                .aspectRatio(PageCanvas.width / PageCanvas.height, contentMode: .fit)
                .overlay {
                    if summary != nil { ProgressView() }
                }
                .shadow(color: .black.opacity(0.18), radius: 4, y: 2)
                .accessibilityLabel(summary == nil ? "The end of the book" : "Loading the page")
        }
    }

    /// Album corners on a memory page's left corners, as if it were pasted in.
    private var photoCorners: some View {
        VStack {
            PhotoCorner().fill(.black.opacity(0.55)).frame(width: 22, height: 22)
            Spacer()
            PhotoCorner().fill(.black.opacity(0.55)).frame(width: 22, height: 22).rotationEffect(.degrees(-90))
        }
        .accessibilityHidden(true)
    }

    @ViewBuilder private var caption: some View {
        if let summary {
            HStack(spacing: 8) {
                VStack(alignment: .leading, spacing: 1) {
                    Text(summary.title(viewer: viewer?.id))
                        .font(.footnote.weight(.semibold))
                    Text("\(summary.placedDate.formatted(date: .abbreviated, time: .shortened)) · page \(index + 1)")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
                Spacer(minLength: 0)
                if canEdit, summary.kind == .memory, summary.state == .shared {
                    Button("Edit", systemImage: "pencil") { edit(summary) }
                        .buttonStyle(.bordered)
                        .accessibilityLabel("Edit this memory page")
                }
            }
            .frame(maxWidth: 520)
        } else {
            // Keeps the blank back as tall as the page it faces.
            Text(" ").font(.footnote)
            Text(" ").font(.caption)
        }
    }
}
