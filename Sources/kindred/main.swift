import Foundation
import KindredServer
import Vapor

// The entry point only bootstraps; everything else lives in KindredServer.
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
