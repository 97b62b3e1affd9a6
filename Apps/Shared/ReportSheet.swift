import KindredSDK
import SwiftUI

/// Who or what a report is about, and how the sheet names it.
struct ReportSubject: Identifiable {
    let target: ReportTarget
    let name: String

    var id: String { "\(target.kind)/\(target.id)" }

    static func profile(_ profile: Profile) -> ReportSubject {
        ReportSubject(target: .profile(username: profile.username),
                      name: profile.displayName.isEmpty ? "@\(profile.username)" : profile.displayName)
    }
}

/// Reports a person or an app's content to the people who run Kindred: a reason, an optional
/// note, Send. The reasons read as in the web's report dialog, so both clients ask the same thing.
struct ReportSheet: View {
    let session: KindredSession
    let subject: ReportSubject

    @Environment(\.dismiss) private var dismiss
    /// None at first: a reason picked for the user would be sent by anyone who just taps Send.
    @State private var reason: ReportReason?
    @State private var note = ""
    @State private var sending = false
    @State private var sent = false
    @State private var error: String?

    /// The server's limit on a note, which it counts in code points (JSON Schema `maxLength`).
    private let maxNoteLength = 1000

    var body: some View {
        NavigationStack {
            Group {
                if sent {
                    ContentUnavailableView("Report sent", systemImage: "checkmark.circle",
                                           description: Text("Thanks. The people who run Kindred will look at it."))
                } else {
                    form
                }
            }
            .navigationTitle("Report \(subject.name)")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar { toolbarItems }
        }
        .interactiveDismissDisabled(sending)
    }

    private var form: some View {
        Form {
            Section {
                Picker("What's wrong?", selection: $reason) {
                    ForEach(ReportReason.allCases, id: \.self) { reason in
                        Text(reason.displayName).tag(ReportReason?.some(reason))
                    }
                }
                .pickerStyle(.inline)
                .labelsHidden()
            } header: {
                Text("What's wrong?")
            } footer: {
                Text("Reports go to the people who run Kindred. No one is told who sent them.")
            }

            Section {
                TextField("Anything else they should know (optional)", text: $note, axis: .vertical)
                    .lineLimit(3...8)
            } footer: {
                if noteLength > maxNoteLength {
                    Text("\(noteLength - maxNoteLength) characters too long.")
                        .foregroundStyle(.red)
                }
            }

            if let error {
                Section {
                    Text(error).foregroundStyle(.red)
                }
            }
        }
    }

    @ToolbarContentBuilder private var toolbarItems: some ToolbarContent {
        if sent {
            ToolbarItem(placement: .confirmationAction) {
                Button("Done") { dismiss() }
            }
        } else {
            ToolbarItem(placement: .cancellationAction) {
                Button("Cancel") { dismiss() }
                    .disabled(sending)
            }
            ToolbarItem(placement: .confirmationAction) {
                if sending {
                    ProgressView()
                } else {
                    Button("Send") { Task { await send() } }
                        .disabled(!canSend)
                }
            }
        }
    }

    private var trimmedNote: String { note.trimmingCharacters(in: .whitespacesAndNewlines) }

    private var noteLength: Int { trimmedNote.unicodeScalars.count }

    private var canSend: Bool { reason != nil && noteLength <= maxNoteLength && !sending }

    private func send() async {
        guard let reason, canSend else { return }
        let note = trimmedNote
        sending = true
        defer { sending = false }
        do {
            try await session.report(subject.target, reason: reason, note: note.isEmpty ? nil : note)
            error = nil
            sent = true
        } catch {
            self.error = error.localizedDescription
        }
    }
}

extension ReportReason {
    /// As people read it, in the web's words (`Public/js/safety.js`).
    var displayName: String {
        switch self {
        case .spam: "Spam or scam"
        case .harassment: "Harassment or bullying"
        case .hate: "Hate speech"
        case .violence: "Violence or threats"
        case .nudity: "Nudity or sexual content"
        case .impersonation: "Pretending to be someone else"
        case .selfHarm: "Self-harm or suicide"
        case .other: "Something else"
        }
    }
}
