import Foundation
import KindredSDK
import Observation

/// The new-post composer: 1–10 photos or videos in carousel order, a caption, and an upload
/// queue. Nothing is posted until every item is stored; an item that fails to upload keeps its
/// place and its bytes, and `post()` again (retry) sends only what is missing.
@MainActor @Observable
public final class ComposerModel {
    public enum Kind: Sendable, Equatable { case photo, video }

    public enum UploadState: Sendable, Equatable {
        case waiting
        case uploading
        case uploaded
        case failed(String)
    }

    /// One carousel item: what the app made from the picked photo or video (a display rendition
    /// and a thumbnail, or the video and a poster), and how far its upload got.
    public struct Item: Identifiable, Sendable {
        public let id = UUID()
        public let kind: Kind
        let display: Data
        let thumbnail: Data
        public fileprivate(set) var state: UploadState = .waiting
        fileprivate var uploaded: (display: UUID?, thumbnail: UUID?) = (nil, nil)
    }

    public static let maximumItems = 10
    public static let captionLimit = 2200

    public private(set) var items: [Item] = []
    public var caption = ""
    public private(set) var isPosting = false
    public private(set) var error: String?

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    /// How many items are stored, for "2 of 3 uploaded".
    public var uploadedCount: Int { items.filter { $0.state == .uploaded }.count }

    public var canPost: Bool {
        !items.isEmpty && !isPosting && caption.count <= Self.captionLimit
    }

    /// Adds a photo as its two renditions (at most 1080 and 400 px wide, same proportions).
    public func addPhoto(display: Data, thumbnail: Data) {
        add(Item(kind: .photo, display: display, thumbnail: thumbnail))
    }

    /// Adds a video (MP4 or MOV, at most 60 s and 100 MiB) with a poster image in its proportions.
    public func addVideo(_ video: Data, poster: Data) {
        add(Item(kind: .video, display: video, thumbnail: poster))
    }

    public func remove(_ id: Item.ID) {
        items.removeAll { $0.id == id }
    }

    /// Moves an item earlier or later in the carousel.
    public func move(_ id: Item.ID, to position: Int) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        let item = items.remove(at: index)
        items.insert(item, at: min(max(position, 0), items.count))
    }

    /// Uploads what is not stored yet, in order, then posts. Answers the post, or nil with
    /// `error` set and every stored upload kept for the retry.
    public func post() async -> KinnectPost? {
        guard canPost else {
            error = items.isEmpty ? "Add a photo or a video first." : "A caption is at most \(Self.captionLimit) characters."
            return nil
        }
        isPosting = true
        defer { isPosting = false }
        error = nil
        // By id, not index: the person may remove or move an item while another one uploads.
        for id in items.filter({ $0.state != .uploaded }).map(\.id) {
            func update(_ change: (inout Item) -> Void) {
                if let index = items.firstIndex(where: { $0.id == id }) { change(&items[index]) }
            }
            guard let item = items.first(where: { $0.id == id }) else { continue }
            update { $0.state = .uploading }
            do {
                if item.uploaded.display == nil {
                    let display = try await session.uploadMedia(item.display).id
                    update { $0.uploaded.display = display }
                }
                if item.uploaded.thumbnail == nil {
                    let thumbnail = try await session.uploadMedia(item.thumbnail).id
                    update { $0.uploaded.thumbnail = thumbnail }
                }
                update { $0.state = .uploaded }
            } catch {
                update { $0.state = .failed(error.localizedDescription) }
                self.error = "An upload failed. Try again; what is uploaded stays."
                return nil
            }
        }
        let media = items.compactMap { item in item.uploaded.display.flatMap { display in item.uploaded.thumbnail.map { (display, $0) } } }
        do {
            let post = try await session.post(caption: caption, media: media)
            (items, caption) = ([], "")
            return post
        } catch {
            self.error = error.localizedDescription
            return nil
        }
    }

    private func add(_ item: Item) {
        guard items.count < Self.maximumItems else {
            error = "A post has at most \(Self.maximumItems) photos or videos."
            return
        }
        items.append(item)
    }
}
