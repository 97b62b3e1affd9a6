import RinAppShell
import SwiftUI

/// Who sees what: a row per field of the profile (name, photo, bio, then each phone, e-mail,
/// address, birthday and social account), each cell Allow, Ask or Don't allow, a tap moving it
/// to the next. Edits stay on the device until Save sends them all at once (the server takes all
/// or none); "Allow all" fills a circle (saved with the rest), "Reset to template" puts one back
/// at once. A phone shows one circle at a time; a wide screen shows them all.
struct PolicyGridView: View {
    @State private var model: PolicyGridModel
    @Environment(\.horizontalSizeClass) private var sizeClass
    @Environment(\.dismiss) private var dismiss
    @State private var resetting: RinCircle?
    @State private var confirmsLeave = false
    @State private var status: String?

    init(context: RinContext, circleID: UUID?) {
        _model = State(initialValue: PolicyGridModel(context: context, circleID: circleID))
    }

    var body: some View {
        Group {
            if model.circles.isEmpty, let error = model.error {
                LoadFailedView(message: error) { await model.load() }
            } else if model.circles.isEmpty {
                ProgressView()
            } else if sizeClass == .regular {
                PolicyGridTable(model: model, reset: { resetting = $0 }, status: status)
            } else {
                PolicyCircleList(model: model, reset: { resetting = $0 }, status: status)
            }
        }
        .navigationTitle("Who sees what")
        .navigationBarTitleDisplayMode(.inline)
        // Unsaved cells would be lost by going back: Back asks first while there are some.
        .navigationBarBackButtonHidden(model.hasChanges)
        .toolbar {
            if model.hasChanges {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Back") { confirmsLeave = true }
                }
                ToolbarItem(placement: .confirmationAction) {
                    if model.isSaving {
                        ProgressView()
                    } else {
                        Button(model.changes.count == 1 ? "Save 1 change" : "Save \(model.changes.count) changes") {
                            Task { await save() }
                        }
                    }
                }
            }
        }
        .task { await model.load() }
        .onChange(of: model.hasChanges) { _, changed in
            if changed { status = nil }
        }
        .confirmationDialog("Leave without saving your changes to who sees what?", isPresented: $confirmsLeave,
                            titleVisibility: .visible) {
            Button("Leave without saving", role: .destructive) {
                model.discard()
                dismiss()
            }
        }
        .confirmationDialog(resetting.map { "Put every field of \($0.name) back to its template (\(RinWords.templateName($0.template)))?" } ?? "",
                            isPresented: Binding(get: { resetting != nil }, set: { if !$0 { resetting = nil } }),
                            titleVisibility: .visible, presenting: resetting) { circle in
            Button("Reset to template", role: .destructive) {
                Task {
                    if await model.reset(circle: circle.id) { status = "\(circle.name) is back to its template." }
                }
            }
        } message: { _ in
            Text("This is saved at once.")
        }
    }

    private func save() async {
        if await model.save() { status = "Saved. Everyone sees the change at once." }
    }
}
