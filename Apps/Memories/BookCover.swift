import MemoriesCore
import SwiftUI

/// A book on the shelf: its cover (its colour, or its cover photo), its title and the friend
/// it is with, how many of their letters wait unread, and Archived once the friendship ended.
struct BookCover: View {
    let book: MemoriesBook

    @Environment(\.viewer) private var viewer
    @Environment(\.mediaBaseURL) private var mediaBaseURL

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            cover
            Text(book.title)
                .font(.subheadline.weight(.semibold))
                .lineLimit(2)
            Text(book.withWhom(besides: viewer?.id))
                .font(.caption)
                .foregroundStyle(.secondary)
                .lineLimit(1)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(accessibilityText)
        .accessibilityAddTraits(.isButton)
    }

    private var cover: some View {
        RoundedRectangle(cornerRadius: 4, style: .continuous)
            .fill(Color(hex: book.coverColor) ?? Color.brown)
            .overlay { coverPhoto }
            // The spine's fold, so a plain colour still reads as a book.
            .overlay(alignment: .leading) {
                LinearGradient(colors: [.black.opacity(0.28), .clear], startPoint: .leading, endPoint: .trailing)
                    .frame(width: 14)
            }
            .clipShape(RoundedRectangle(cornerRadius: 4, style: .continuous))
            .aspectRatio(PageCanvas.width / PageCanvas.height, contentMode: .fit)
            .saturation(book.archived ? 0.25 : 1)
            .shadow(color: .black.opacity(0.2), radius: 4, x: 2, y: 3)
            .overlay(alignment: .topTrailing) { unreadBadge }
            .overlay(alignment: .bottom) { archivedLabel }
    }

    @ViewBuilder private var coverPhoto: some View {
        if let photo = book.coverPhoto {
            AsyncImage(url: photo.resolvedURL(relativeTo: mediaBaseURL)) { phase in
                if case .success(let image) = phase {
                    image.resizable().scaledToFill()
                }
            }
        }
    }

    @ViewBuilder private var unreadBadge: some View {
        if book.unreadLetters > 0 {
            Label("\(book.unreadLetters)", systemImage: "envelope.fill")
                .font(.caption.weight(.bold))
                .padding(.horizontal, 8)
                .padding(.vertical, 4)
                .background(Capsule().fill(Color.red))
                .foregroundStyle(.white)
                .offset(x: 6, y: -6)
        }
    }

    @ViewBuilder private var archivedLabel: some View {
        if book.archived {
            Text("Archived")
                .font(.caption2.weight(.semibold))
                .textCase(.uppercase)
                .padding(.horizontal, 8)
                .padding(.vertical, 3)
                .background(Capsule().fill(.black.opacity(0.6)))
                .foregroundStyle(.white)
                .padding(.bottom, 10)
        }
    }

    private var accessibilityText: String {
        var parts = ["\(book.title), \(book.withWhom(besides: viewer?.id))"]
        if book.unreadLetters > 0 {
            parts.append(book.unreadLetters == 1 ? "1 unread letter" : "\(book.unreadLetters) unread letters")
        }
        if book.archived { parts.append("Archived") }
        parts.append(book.pageCount == 1 ? "1 page" : "\(book.pageCount) pages")
        return parts.joined(separator: ", ")
    }
}
