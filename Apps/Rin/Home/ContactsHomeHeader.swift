import RinAppShell
import SwiftUI

/// The front rows of the book, above the A–Z list: the counts, an import under way, Review with
/// what waits there, importing, then the favourites and the newest as rows of faces.
struct ContactsHomeHeader: View {
    let home: ContactsHomeModel

    var body: some View {
        Section {
            if let summary = home.summary {
                Text(summary)
                    .font(.headline)
            }
            if home.isCached {
                Label("Showing what this device kept", systemImage: "icloud.slash")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            if let running = home.runningImport {
                NavigationLink(value: ContactsRoute.importProgress(running.id)) {
                    runningLine(running)
                }
            }
            NavigationLink(value: ContactsRoute.review) {
                VStack(alignment: .leading, spacing: 2) {
                    Label("Review", systemImage: "arrow.triangle.merge")
                    Text(home.reviewSummary)
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
            .badge(home.waitingForReview)
            NavigationLink(value: ContactsRoute.imports) {
                Label("Import contacts", systemImage: "square.and.arrow.down.on.square")
            }
        }
        if let favourites = home.home?.favourites, !favourites.isEmpty {
            Section("Favourites") {
                ContactTilesRow(contacts: favourites)
            }
        }
        if let recent = home.home?.recent, !recent.isEmpty {
            Section("Recently added") {
                ContactTilesRow(contacts: recent)
            }
        }
    }

    /// "Importing book.vcf: looking for duplicates, 200 of 640."
    private func runningLine(_ running: RinImport) -> some View {
        let phase = ContactsWords.phase(running.phase).text.lowercased()
        return VStack(alignment: .leading, spacing: 4) {
            Text("Importing \(ContactsWords.importName(running)): \(phase), \(running.processed.formatted()) of \(running.total.formatted()).")
                .font(.subheadline)
            ProgressView(value: Double(min(running.processed, running.total)), total: Double(max(running.total, 1)))
        }
    }
}
