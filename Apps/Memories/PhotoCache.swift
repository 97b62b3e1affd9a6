import Foundation
import MemoriesCore
import Observation
import UIKit

/// The photos on the pages I look at, decoded once and shared by every page view, thumbnail and
/// editor. Made in the signed-in scope, so a sign-out drops it with the friend's photos in it.
///
/// A photo is found by its media id: first through the signed URL its page came with, then, for
/// one the page did not list or whose URL has expired, through `session.media(_:)`, which a
/// book's members (and a draft's writer) may read. The models read a page again when a new photo
/// on it has no URL (`BookModel`, `PageEditorModel`), but that second way is still needed:
/// - a letter being written lists no photos: `LetterComposerModel` keeps only the draft's canvas,
///   so a draft's photos (placed on another device, or let go from here) have no URL here;
/// - a signed URL expires while its page stays loaded (a book left open, an editor), and neither
///   model reads a page again for that;
/// - in the editor, the friend's photo is drawn from the canvas a moment before the page read
///   again brings its URL.
@MainActor @Observable
final class PhotoCache {
    private(set) var images: [UUID: UIImage] = [:]

    @ObservationIgnored private var known: [UUID: Media] = [:]
    @ObservationIgnored private var loading: Set<UUID> = []
    /// Photos that could not be had: not asked again until a page lists them with a fresh URL.
    @ObservationIgnored private var unavailable: Set<UUID> = []
    /// Oldest first, so the least recently added photo is the first to go.
    @ObservationIgnored private var order: [UUID] = []

    private let session: KindredSession
    /// About two spreads' worth of photo-filled pages, decoded at most 1600 px a side (a page is
    /// 1000 units across; an iPad shows it at most about 2000 px wide).
    static let capacity = 120
    static let largestSide: CGFloat = 1600

    init(session: KindredSession) {
        self.session = session
    }

    func images(for ids: [UUID]) -> [UUID: UIImage] {
        var found: [UUID: UIImage] = [:]
        for id in ids { found[id] = images[id] }
        return found
    }

    /// A photo this device has just uploaded: shown at once, without downloading it again.
    func insert(_ image: UIImage, for media: Media) {
        known[media.id] = media
        store(image, for: media.id)
    }

    /// Loads whatever of `ids` is missing. `media` is what the page listed (fresh signed URLs).
    func load(_ ids: [UUID], listed media: [Media]) async {
        for item in media {
            known[item.id] = item
            unavailable.remove(item.id)
        }
        for id in ids where images[id] == nil && !loading.contains(id) && !unavailable.contains(id) {
            loading.insert(id)
            defer { loading.remove(id) }
            if let image = await fetch(id) {
                store(image, for: id)
            } else {
                unavailable.insert(id)
            }
        }
    }

    private func fetch(_ id: UUID) async -> UIImage? {
        if let media = known[id], media.urlExpiresAt > Date(), let image = await download(media) { return image }
        do {
            let fresh = try await session.media(id)
            known[id] = fresh
            return await download(fresh)
        } catch {
            // The page shows a grey box where the photo goes; the next time the page is opened
            // lists it with a fresh URL and it is tried again.
            return nil
        }
    }

    private func download(_ media: Media) async -> UIImage? {
        guard let url = media.resolvedURL(relativeTo: session.serverURL) else { return nil }
        do {
            let (data, response) = try await URLSession.shared.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200, let image = UIImage(data: data) else { return nil }
            // Decoded off the main thread, and no larger than a page ever shows it.
            return await image.byPreparingThumbnail(ofSize: Self.fitted(image.size)) ?? image
        } catch {
            return nil
        }
    }

    private func store(_ image: UIImage, for id: UUID) {
        images[id] = image
        order.removeAll { $0 == id }
        order.append(id)
        while order.count > Self.capacity {
            images[order.removeFirst()] = nil
        }
    }

    private static func fitted(_ size: CGSize) -> CGSize {
        let factor = min(1, largestSide / max(size.width, size.height, 1))
        return CGSize(width: (size.width * factor).rounded(), height: (size.height * factor).rounded())
    }
}
