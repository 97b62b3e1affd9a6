import MemoriesCore
import SwiftUI

/// The book's contents by the day each page entered it: letters and memory pages told apart,
/// a thumbnail for the pages already loaded, and a tap that opens the book there.
struct ContentsSheet: View {
    let model: BookModel
    let open: @MainActor (UUID) -> Void

    @Environment(\.dismiss) private var dismiss
    @Environment(\.viewer) private var viewer
    @ScaledMetric(relativeTo: .body) private var thumbnailWidth: CGFloat = 44

    private struct Entry: Identifiable {
        let number: Int
        let page: MemoriesPageSummary
        var id: UUID { page.id }
    }

    private struct Day: Identifiable {
        let date: Date
        let entries: [Entry]
        var id: Date { date }
    }

    /// Book order is the order pages were placed, so the days come out in order too.
    private var days: [Day] {
        var days: [Day] = []
        for (index, page) in model.contents.enumerated() {
            let day = Calendar.current.startOfDay(for: page.placedDate)
            let entry = Entry(number: index + 1, page: page)
            if let last = days.last, last.date == day {
                days[days.count - 1] = Day(date: day, entries: last.entries + [entry])
            } else {
                days.append(Day(date: day, entries: [entry]))
            }
        }
        return days
    }

    var body: some View {
        NavigationStack {
            List {
                ForEach(days) { day in
                    Section(day.date.formatted(date: .complete, time: .omitted)) {
                        ForEach(day.entries) { entry in
                            Button {
                                open(entry.page.id)
                                dismiss()
                            } label: {
                                row(entry.page, number: entry.number)
                            }
                            .buttonStyle(.plain)
                        }
                    }
                }
                if model.hasMoreContents {
                    // The book reads its contents as it is turned; Contents has no way to read
                    // the rest sooner (`BookModel` keeps that to itself).
                    Text("Later pages are listed as you turn towards them.")
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
            }
            .overlay {
                if model.contents.isEmpty {
                    ContentUnavailableView("Nothing here yet", systemImage: "book.closed",
                                           description: Text("Letters and memory pages appear here, by the day they were added."))
                }
            }
            .navigationTitle("Contents")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    Button("Done") { dismiss() }
                }
            }
        }
    }

    private func row(_ page: MemoriesPageSummary, number: Int) -> some View {
        HStack(spacing: 12) {
            thumbnail(page)
            VStack(alignment: .leading, spacing: 2) {
                HStack(spacing: 6) {
                    PageKindBadge(kind: page.kind, size: 14)
                    Text(page.title(viewer: viewer?.id))
                        .font(.body.weight(.semibold))
                }
                Text("Page \(number) · \(page.placedDate.formatted(date: .omitted, time: .shortened))")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
        }
        .contentShape(Rectangle())
        .accessibilityElement(children: .combine)
        .accessibilityHint("Opens the book at this page")
    }

    @ViewBuilder private func thumbnail(_ page: MemoriesPageSummary) -> some View {
        Group {
            if let detail = model.loaded[page.id] {
                CanvasPageView(canvas: detail.canvas, media: detail.media)
            } else {
                Rectangle().fill(CanvasRenderer.paperColor)
            }
        }
        .frame(width: thumbnailWidth, height: thumbnailWidth * PageCanvas.height / PageCanvas.width)
        .overlay { Rectangle().stroke(.separator, lineWidth: 0.5) }
        .accessibilityHidden(true)
    }
}
