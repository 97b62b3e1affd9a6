import Foundation
import KindredServer
import NIOCore
import NIOPosix
import Vapor

// The entry point only bootstraps; everything else lives in KindredServer.
//
// Swift concurrency's tasks run on NIO's event loops instead of a pool of their own, so an async
// handler does not hop from the connection's event loop to another thread and back at every
// await (Issue 15: a futex wake and a context switch each, a third of a bare request's time on
// this machine). Done first, before any task runs; it requires that nothing block an event loop,
// which Kindred's code already may not do (password hashing and SQLite have their own threads).
_ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
do {
    let app = try await Application.kindred()
    do {
        try await app.execute()
        try await app.asyncShutdown()
    } catch {
        try? await app.asyncShutdown()
        throw error
    }
} catch let invalid as KindredConfiguration.Invalid {
    FileHandle.standardError.write(Data((invalid.description + "\n").utf8))
    exit(78)  // EX_CONFIG
}
