import Fluent
import Vapor

/// Accepts uploads, decides who may see a file, and hands out signed URLs.
struct MediaService {
    let context: ServiceContext
    private var services: KindredServices { context.services }

    static let imageLimit = 15 << 20
    static let videoLimit = 100 << 20
    /// The largest body any upload may send; the per-kind limit is checked once the type is known.
    static let uploadLimit = videoLimit

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

    /// Stores an upload as it streams in. The bytes go to a file first, never all into memory: a
    /// video may be 100 MiB, and a few at once must not hold the server.
    func upload(streaming body: some AsyncSequence<ArraySlice<UInt8>, any Error>, by ownerID: UUID) async throws -> MediaItem {
        let staged = try stagingPath()
        defer { removeStaged(staged) }
        guard FileManager.default.createFile(atPath: staged, contents: nil, attributes: [.posixPermissions: 0o600]),
              let file = FileHandle(forWritingAtPath: staged)
        else { throw AppError(.unavailable, .serviceUnavailable, "Uploads cannot be stored right now. Try again in a moment.") }
        do {
            var pending: [UInt8] = []
            pending.reserveCapacity(1 << 20)
            for try await chunk in body {
                pending += chunk
                // Disk writes block: they run on the thread pool, a megabyte at a time.
                if pending.count >= 1 << 20 {
                    try await NIOThreadPool.singleton.runIfActive { [pending] in try file.write(contentsOf: pending) }
                    pending.removeAll(keepingCapacity: true)
                }
            }
            try await NIOThreadPool.singleton.runIfActive { [pending] in
                try file.write(contentsOf: pending)
                try file.close()
            }
        } catch {
            try? file.close()
            throw error
        }
        return try await store(staged: staged, by: ownerID)
    }

    /// Stores an upload already in memory (demo data, an app's own files). An image goes straight
    /// to stripping; only a video, rewritten file to file, is staged.
    func upload(_ bytes: [UInt8], by ownerID: UUID) async throws -> MediaItem {
        if let type = MediaType.sniff(bytes), type.isImage {
            guard bytes.count <= Self.imageLimit else { throw AppError.payloadTooLarge(limit: Self.imageLimit) }
            return try await storeImage(bytes, type: type, by: ownerID)
        }
        let staged = try stagingPath()
        defer { removeStaged(staged) }
        try await NIOThreadPool.singleton.runIfActive { try Data(bytes).write(to: URL(fileURLWithPath: staged)) }
        return try await store(staged: staged, by: ownerID)
    }

    private func store(staged: String, by ownerID: UUID) async throws -> MediaItem {
        let (head, size) = try await NIOThreadPool.singleton.runIfActive { () throws -> ([UInt8], Int) in
            let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: staged))
            defer { try? file.close() }
            let head = [UInt8](try file.read(upToCount: 256) ?? Data())
            return (head, Int(try file.seekToEnd()))
        }
        guard let type = MediaType.sniff(head) else {
            throw AppError(.unsupportedMedia, .unsupportedMediaType,
                           "Upload a JPEG, PNG, HEIC or WebP image, or an MP4 or MOV video. The file's contents decide its type, not its name.")
        }
        if type.isImage {
            guard size <= Self.imageLimit else { throw AppError.payloadTooLarge(limit: Self.imageLimit) }
            let bytes = try await NIOThreadPool.singleton.runIfActive { [UInt8](try Data(contentsOf: URL(fileURLWithPath: staged))) }
            return try await storeImage(bytes, type: type, by: ownerID)
        }
        guard size <= Self.videoLimit else { throw AppError.payloadTooLarge(limit: Self.videoLimit) }
        return try await storeVideo(staged: staged, type: type, by: ownerID)
    }

    private func storeImage(_ bytes: [UInt8], type: MediaType, by ownerID: UUID) async throws -> MediaItem {
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
        return try await record(MediaItem(id: id, ownerID: ownerID, kind: type, storageKey: key, byteCount: Int64(cleaned.count),
                                          width: dimensions?.width, height: dimensions?.height))
    }

    private func storeVideo(staged: String, type: MediaType, by ownerID: UUID) async throws -> MediaItem {
        let rewritten = staged + ".out"
        defer { removeStaged(rewritten) }
        let plan: VideoFile.Plan
        do {
            plan = try await NIOThreadPool.singleton.runIfActive { try VideoFile.rewrite(file: staged, to: rewritten, type: type) }
        } catch VideoFile.Refusal.tooLong(let seconds) {
            throw AppError(.unsupportedMedia, .unsupportedMediaType,
                           "The video is \(Int(seconds.rounded(.up))) seconds long; a video may be at most \(Int(VideoFile.durationLimit)) seconds. Trim it and try again.")
        } catch VideoFile.Refusal.fragmented {
            throw AppError(.unsupportedMedia, .unsupportedMediaType,
                           "The video is a fragmented (streaming) MP4, which cannot be stored as one file. Export it as a regular MP4 or MOV.")
        } catch VideoFile.Refusal.noVideoTrack {
            throw AppError(.unsupportedMedia, .unsupportedMediaType, "The file has no video track.")
        } catch {
            throw AppError(.unsupportedMedia, .unsupportedMediaType, "The video is damaged or incomplete and could not be read.")
        }
        let id = UUID()
        let key = MediaKey.make(owner: ownerID, id: id, type: type)
        try await services.mediaStore.put(file: rewritten, key: key)
        return try await record(MediaItem(id: id, ownerID: ownerID, kind: type, storageKey: key, byteCount: Int64(plan.outputSize),
                                          width: plan.width, height: plan.height, durationSeconds: plan.duration))
    }

    /// A new upload of the same owner with the same bytes, copied inside the store: for a file
    /// that must outlive the one it came from (a post's photo made the profile photo).
    func copy(_ item: MediaItem) async throws -> MediaItem {
        guard let type = item.mediaType else { throw AppError.notFound("media") }
        let id = UUID(), ownerID = item.$owner.id
        let key = MediaKey.make(owner: ownerID, id: id, type: type)
        guard try await services.mediaStore.copy(key: item.storageKey, to: key) else { throw AppError.notFound("media") }
        return try await record(MediaItem(id: id, ownerID: ownerID, kind: type, storageKey: key, byteCount: item.byteCount,
                                          width: item.width, height: item.height, durationSeconds: item.durationSeconds))
    }

    private func record(_ item: MediaItem) async throws -> MediaItem {
        do {
            try await item.create(on: context.database)
        } catch {
            // No row points at the file, so nobody could ever see or delete it: remove it now.
            do { try await services.mediaStore.delete(key: item.storageKey) } catch {
                context.logger.error("Could not remove the file of a failed upload \(item.storageKey): \(error)")
            }
            throw error
        }
        return item
    }

    /// Uploads are written beside the stored media (so keeping one is a rename), in a folder no
    /// media key can name.
    private func stagingPath() throws -> String {
        let directory = services.configuration.mediaDirectory + "/" + Self.stagingFolder
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory + "/" + UUID().uuidString
    }

    static let stagingFolder = ".incoming"

    private func removeStaged(_ path: String) {
        if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
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
