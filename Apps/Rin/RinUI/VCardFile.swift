import Foundation
import SwiftUI
import UniformTypeIdentifiers

/// A vCard 4.0 file the server exported (one contact, or the whole book), ready for the share
/// sheet: it arrives as a real file named for what it holds ("Ada Lovelace.vcf"), so Mail,
/// AirDrop and Save to Files all keep the name.
struct VCardFile: Transferable, Sendable {
    let data: Data
    let fileName: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .vCard) { (file: VCardFile) in
            // A folder of its own per export, so two exports of one name never overwrite each other.
            let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString, directoryHint: .isDirectory)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appending(path: file.fileName, directoryHint: .notDirectory)
            try file.data.write(to: url, options: .atomic)
            return SentTransferredFile(url)
        }
    }
}
