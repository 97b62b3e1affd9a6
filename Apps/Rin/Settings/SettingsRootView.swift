import RinAppShell
import SwiftUI

/// Settings' first screen: the default region, changes waiting to be sent (and any the server
/// refused), past imports, and signing out, which forgets everything this device kept for the
/// account, waiting changes included.
struct SettingsRootView: View {
    let model: SettingsModel
    @State private var confirmsSignOut = false
    @State private var isSigningOut = false

    var body: some View {
        List {
            if let error = model.error {
                MessageRow(text: error, retry: { await model.load() })
            }
            Section {
                NavigationLink(value: SettingsRoute.region) {
                    LabeledContent("Default region", value: model.region.map { "\(model.regionName(of: $0)) (\($0))" } ?? "Not set")
                }
            } footer: {
                Text("Phone numbers typed without a country code are read as this region’s.")
            }
            Section {
                NavigationLink(value: SettingsRoute.waitingChanges) {
                    LabeledContent("Waiting to send", value: model.pendingChanges.formatted())
                }
                if !model.refusedChanges.isEmpty {
                    Label(RinWords.counted(model.refusedChanges.count, "change") + " refused by the server",
                          systemImage: "exclamationmark.triangle")
                        .foregroundStyle(.orange)
                }
            } footer: {
                Text("Changes made offline wait on this device and are sent when Rin can reach the server.")
            }
            Section {
                NavigationLink("Past imports", value: SettingsRoute.imports)
                NavigationLink("Blocked cards", value: SettingsRoute.blocked)
            }
            Section {
                Button(role: .destructive) {
                    confirmsSignOut = true
                } label: {
                    if isSigningOut { ProgressView() } else { Text("Sign out") }
                }
                .disabled(isSigningOut)
            }
        }
        .navigationTitle("Settings")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
        .confirmationDialog("Sign out of Rin?", isPresented: $confirmsSignOut, titleVisibility: .visible) {
            Button("Sign out", role: .destructive) { Task { await signOut() } }
        } message: {
            Text(model.pendingChanges > 0
                 ? "\(RinWords.counted(model.pendingChanges, "change")) not sent yet will be lost: this device forgets everything it kept for your account."
                 : "This device forgets everything it kept for your account.")
        }
    }

    /// The root shows the sign-in screen once the session has ended; a failure stays here, said.
    private func signOut() async {
        isSigningOut = true
        await model.signOut()
        isSigningOut = false
    }
}
