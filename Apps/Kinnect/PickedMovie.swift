import CoreTransferable
import Foundation
import UniformTypeIdentifiers

/// A video picked in Photos, as a file of ours. The picker lends its file only while the import
/// runs, so it is copied to the temporary folder first; the composer deletes the copy once it
/// has read it.
struct PickedMovie: Transferable, Sendable {
    let url: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .movie) { movie in
            SentTransferredFile(movie.url)
        } importing: { received in
            let suffix = received.file.pathExtension.isEmpty ? "mov" : received.file.pathExtension
            let copy = FileManager.default.temporaryDirectory
                .appending(path: "kinnect-\(UUID().uuidString).\(suffix)")
            try FileManager.default.copyItem(at: received.file, to: copy)
            return PickedMovie(url: copy)
        }
    }
}
