import RinAppShell
import SwiftUI

/// The share link of the profile in use, with its QR code: whoever opens or scans it sees the
/// profile as its Public circle shows it, and can add it to their contacts. It is the only way to
/// reach an alternate, which has no username. A new link stops the old one at once.
struct ShareProfileSection: View {
    @State private var model: ShareLinkModel
    @Environment(RinContext.self) private var context
    @State private var confirmsRenew = false

    init(context: RinContext) {
        _model = State(initialValue: ShareLinkModel(context: context))
    }

    var body: some View {
        Section {
            if let link = model.link {
                HStack {
                    Spacer()
                    QRCodeImage(text: link.link, label: "QR code of \(name)’s share link")
                    Spacer()
                }
                Text(link.link)
                    .font(.footnote.monospaced())
                    .textSelection(.enabled)
                if let url = URL(string: link.link) {
                    ShareLink(item: url) {
                        Label("Share link", systemImage: "square.and.arrow.up")
                    }
                }
                Button("Make a new link", role: .destructive) { confirmsRenew = true }
                    .disabled(model.isWorking)
            } else if model.isWorking {
                ProgressView()
            }
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            }
        } header: {
            Text("Share this profile")
        } footer: {
            Text("Whoever scans or opens this link sees \(name) as your Public circle shows it and can add it to their contacts.")
        }
        // The card picker decides whose link this is.
        .task(id: context.profileID) { await model.load() }
        .confirmationDialog("Make a new link?", isPresented: $confirmsRenew, titleVisibility: .visible) {
            Button("Make a new link", role: .destructive) { Task { await model.renew() } }
        } message: {
            Text("The current link and QR code stop working at once. Contacts people already added stay.")
        }
    }

    private var name: String { context.profile?.displayName ?? "this profile" }
}
