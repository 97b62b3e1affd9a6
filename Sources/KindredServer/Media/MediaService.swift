import Fluent
import Vapor

/// Accepts uploads, decides who may see a file, and hands out signed URLs.
struct MediaService {
    let context: ServiceContext
    private var services: KindredServices { context.services }

    static let imageLimit = 15 << 20
    /// The largest body any upload may send; the per-kind limit is checked once the type is known.
    static let uploadLimit = imageLimit

    /// The most pixels an image may claim, per kind. Every client that shows an image decodes it
    /// whole: a PNG compresses a flat 2^30 × 2^30 canvas into a few kilobytes and then takes
    /// exabytes to show. Phone cameras stay well inside (a 48-megapixel HEIC or JPEG); PNG,
    /// which phones use for screenshots, gets less room.
    static func pixelLimit(_ type: MediaType) -> (pixels: Int, side: Int)? {
        switch type {
        case .jpeg, .heic: (pixels: 100_000_000, side: 16_384)
        case .webp: (pixels: 100_000_000, side: 16_383)
        case .png: (pixels: 40_000_000, side: 16_384)
        case .mp4, .quicktime: nil
        }
    }

    func upload(_ bytes: [UInt8], by ownerID: UUID) async throws -> MediaItem {
        guard let type = MediaType.sniff(bytes), type.isImage else {
            throw AppError(.unsupportedMedia, .unsupportedMediaType,
                           "Upload a JPEG, PNG, HEIC or WebP image. The file's contents decide its type, not its name.")
        }
        guard bytes.count <= Self.imageLimit else { throw AppError.payloadTooLarge(limit: Self.imageLimit) }
        // Reading a 15 MiB image byte by byte is real CPU work: it runs on a thread pool, not on
        // the few threads that run every request's async code.
        let (cleaned, dimensions): ([UInt8], (width: Int, height: Int)?)
        do {
            (cleaned, dimensions) = try await NIOThreadPool.singleton.runIfActive {
                let cleaned = try MetadataStripper.strip(bytes, type: type)
                return (cleaned, MediaType.dimensions(of: cleaned, type: type).map { (width: $0.width, height: $0.height) })
            }
        } catch {
            throw AppError(.unsupportedMedia, .unsupportedMediaType, "The image is damaged or incomplete and could not be read.")
        }
        if let dimensions, let limit = Self.pixelLimit(type), dimensions.width * dimensions.height > limit.pixels
            || max(dimensions.width, dimensions.height) > limit.side {
            throw AppError(.unsupportedMedia, .unsupportedMediaType,
                           "The image is \(dimensions.width)×\(dimensions.height) pixels; \(type.rawValue.uppercased()) images may have up to \(limit.pixels / 1_000_000) megapixels and \(limit.side) pixels a side.")
        }
        let id = UUID()
        let key = MediaKey.make(owner: ownerID, id: id, type: type)
        try await services.mediaStore.put(cleaned, key: key)
        let item = MediaItem(id: id, ownerID: ownerID, kind: type, storageKey: key, byteCount: Int64(cleaned.count),
                             width: dimensions?.width, height: dimensions?.height)
        do {
            try await item.create(on: context.database)
        } catch {
            // No row points at the file, so nobody could ever see or delete it: remove it now.
            do { try await services.mediaStore.delete(key: key) } catch {
                context.logger.error("Could not remove the file of a failed upload \(key): \(error)")
            }
            throw error
        }
        return item
    }

    /// The item if `viewerID` may see it; otherwise 404, so its existence is not revealed.
    func viewable(_ id: UUID, by viewerID: UUID) async throws -> MediaItem {
        guard let item = try await MediaItem.find(id, on: context.database),
              try await Self.canView(item, viewerID: viewerID, on: context.database)
        else { throw AppError.notFound("media") }
        return item
    }

    /// Owners see their uploads; any signed-in user not blocked either way sees a file in use as
    /// someone's avatar; each app says who else may see what it shares (a post's audience, a
    /// book's members).
    static func canView(_ item: MediaItem, viewerID: UUID, on database: any Database) async throws -> Bool {
        if item.$owner.id == viewerID { return true }
        // Nobody sees anything of someone who blocked them, or whom they blocked, or of a suspended
        // account, whatever an app shares.
        if try await Blocks.between(item.$owner.id, viewerID, on: database) { return false }
        if try await User.query(on: database).filter(\.$id == item.$owner.id).filter(\.$suspendedAt != nil).count() > 0 { return false }
        let itemID = try item.requireID()
        if try await User.query(on: database).filter(\.$avatar.$id == itemID).count() > 0 { return true }
        for app in KindredApps.all where try await app.mayView(item, viewerID: viewerID, on: database) { return true }
        return false
    }

    func delete(_ id: UUID, by ownerID: UUID) async throws {
        guard let item = try await MediaItem.query(on: context.database)
            .filter(\.$id == id).filter(\.$owner.$id == ownerID).first()
        else { throw AppError.notFound("media") }
        try await item.delete(on: context.database)
        try await services.mediaStore.delete(key: item.storageKey)
    }
}
