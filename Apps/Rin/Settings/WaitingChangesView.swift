import RinAppShell
import SwiftUI

/// What this device still has to send, with Send now, and the changes the server refused for
/// good (they are not sent again), to read and put away.
struct WaitingChangesView: View {
    let model: SettingsModel

    var body: some View {
        List {
            Section {
                LabeledContent("Waiting to send", value: model.pendingChanges.formatted())
                Button {
                    Task { await model.sendNow() }
                } label: {
                    HStack {
                        Text("Send now")
                        if model.isSending {
                            Spacer()
                            ProgressView()
                        }
                    }
                }
                .disabled(model.isSending || model.pendingChanges == 0)
                if let error = model.error {
                    Text(error)
                        .font(.footnote)
                        .foregroundStyle(.red)
                }
            } footer: {
                Text("Rin sends them by itself when it can reach the server: at launch, when the app comes back, and when the connection returns.")
            }
            if !model.refusedChanges.isEmpty {
                Section {
                    ForEach(Array(model.refusedChanges.enumerated()), id: \.offset) { _, refusal in
                        Text(refusal)
                    }
                    Button("Dismiss") { model.dismissRefusedChanges() }
                } header: {
                    Text("Refused by the server")
                } footer: {
                    Text("These changes were not made, and are not sent again.")
                }
            }
        }
        .navigationTitle("Waiting to send")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
    }
}
