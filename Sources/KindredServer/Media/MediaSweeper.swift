import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Vapor

/// Removes uploads nobody ever used: a photo uploaded for a post that was never posted, a
/// picture chosen and then abandoned. An upload is in use when it is someone's avatar or an app
/// says so (`KindredApp.mediaInUse`); one that stays unused for `unusedUploadLifetime` goes, row
/// and file. An hourly job (`Housekeeping`) that one instance runs per hour; the half-written
/// files of an instance's own staging folder are its own to sweep (`StagingSweeperLifecycle`).
struct MediaSweeper {
    let context: ServiceContext

    /// Rows examined per round, so one sweep never holds a large result in memory.
    static let batch = 500

    /// Sweeps once and answers how many uploads it removed.
    @discardableResult
    func sweep() async throws -> Int {
        let cutoff = context.now.addingTimeInterval(-context.configuration.unusedUploadLifetime)
        var removed = 0
        var after: UUID?
        while true {
            let query = MediaItem.query(on: context.database).filter(\.$createdAt < cutoff).sort(\.$id).limit(Self.batch)
            if let after { query.filter(\.$id > after) }
            let candidates = try await query.all()
            guard let last = candidates.last?.id else { break }
            after = last
            let ids = candidates.compactMap(\.id)
            let used = Set(try await User.query(on: context.database).filter(\.$avatar.$id ~~ ids).all(\.$avatar.$id).compactMap { $0 })
                .union(try await KindredApps.mediaInUse(ids, on: context.database))
            for item in candidates where !used.contains(item.id ?? UUID()) {
                try await item.delete(on: context.database)
                do { try await context.services.mediaStore.delete(key: item.storageKey) } catch {
                    context.logger.error("Could not delete an unused upload's file \(item.storageKey): \(error)")
                }
                removed += 1
            }
            if candidates.count < Self.batch { break }
        }
        if removed > 0 { context.logger.info("Removed \(removed) uploads nothing used for \(Int(context.configuration.unusedUploadLifetime / 3600)) hours.") }
        return removed
    }

    /// Files left half-written by a server that stopped mid-upload, in this instance's folder.
    func sweepStaging() async throws {
        let directory = context.configuration.mediaDirectory + "/" + MediaService.stagingFolder
        let cutoff = Date().addingTimeInterval(-3600)
        try await NIOThreadPool.singleton.runIfActive {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
            for name in names {
                let path = directory + "/" + name
                if let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, modified < cutoff {
                    try? FileManager.default.removeItem(atPath: path)
                }
            }
        }
    }
}

/// Sweeps this instance's staging folder an hour after start-up and every hour after that,
/// until shutdown. Every instance does: the folder is on its own disk.
struct StagingSweeperLifecycle: LifecycleHandler {
    private let task = NIOLockedValueBox<RepeatedTask?>(nil)

    func didBoot(_ application: Application) throws {
        let loop = application.eventLoopGroup.next()
        let repeated = loop.scheduleRepeatedAsyncTask(initialDelay: .hours(1), delay: .hours(1)) { _ in
            loop.makeFutureWithTask {
                do { try await MediaSweeper(context: application.context).sweepStaging() } catch {
                    application.logger.error("Sweeping half-written uploads failed: \(error)")
                }
            }
        }
        task.withLockedValue { $0 = repeated }
    }

    func shutdown(_ application: Application) {
        task.withLockedValue { $0?.cancel(); $0 = nil }
    }
}
