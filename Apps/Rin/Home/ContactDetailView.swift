import RinAppShell
import SwiftUI

/// One contact: my own values for them, their circles, and when the card is linked to a Rin
/// person, what that person lets me see, live, beside my values. From here: favourite, edit,
/// link or unlink, add to a circle, merge with another card (and undo a merge made into this
/// one), export as a vCard, delete. Everything is `ContactDetailModel`'s.
struct ContactDetailView: View {
    let context: RinContext
    @State private var model: ContactDetailModel
    @Environment(ContactsCoordinator.self) private var coordinator
    /// The A–Z list under this screen, if there is one, to take a deleted or merged card out of.
    @Environment(ContactListModel.self) private var list: ContactListModel?
    @State private var confirmsDelete = false
    @State private var picksMerge = false
    @State private var confirmsUndo = false

    init(context: RinContext, contactID: UUID) {
        self.context = context
        _model = State(initialValue: ContactDetailModel(context: context, contactID: contactID))
    }

    var body: some View {
        content
            .navigationTitle(model.contact?.displayName ?? "Contact")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                if model.contact != nil {
                    ToolbarItem(placement: .primaryAction) {
                        Button("Edit") { coordinator.show(.edit(model.contactID)) }
                    }
                }
            }
            .task {
                await model.load()
                await model.loadCircles()
                await model.loadMerges()
            }
            // They say yes to an ask of mine: what they let me see grows, here.
            .task { await model.followChanges() }
            .onChange(of: model.isDeleted) { _, deleted in
                guard deleted else { return }
                list?.remove(model.contactID)
                coordinator.contactGone(model.contactID)
            }
            // A merge by hand kept the other, older card (or this one was merged away elsewhere):
            // the screen follows the survivor, and the card that went leaves the list.
            .onChange(of: model.contactID) { gone, _ in
                list?.remove(gone)
            }
            .onChange(of: model.undoNeedingConfirmation?.id) { _, waiting in
                confirmsUndo = waiting != nil
            }
            .confirmationDialog("Delete \(model.contact?.displayName ?? "this contact") from your book?",
                                isPresented: $confirmsDelete, titleVisibility: .visible) {
                Button("Delete", role: .destructive) { Task { await model.delete() } }
            } message: {
                Text("This can’t be undone.")
            }
            .alert("Undo anyway?", isPresented: $confirmsUndo) {
                Button("Undo anyway", role: .destructive) { Task { await model.confirmUndo() } }
                Button("Keep the merge", role: .cancel) {
                    model.cancelUndo()
                    // The refusal was said in this alert; it need not stay above the page too.
                    model.clearMessages()
                }
            } message: {
                Text(model.error ?? "The merged contact was edited since. Undoing lets those edits go.")
            }
            .sheet(isPresented: $picksMerge) {
                ContactPickerSheet(context: context, title: "Merge with…", excluding: [model.contactID]) { other in
                    Task {
                        if let result = await model.merge(with: other) { list?.remove(result.merge.absorbedId) }
                    }
                }
            }
    }

    @ViewBuilder
    private var content: some View {
        if model.isMissing {
            ContentUnavailableView("Contact not found", systemImage: "person.crop.circle.badge.questionmark",
                                   description: Text("This contact isn’t in your book. It may have been deleted."))
        } else if let contact = model.contact {
            List {
                messages
                ContactHeaderSection(model: model, contact: contact)
                ContactValuesSection(contact: contact)
                ContactCirclesSection(model: model, contact: contact)
                ContactLinkSection(model: model, contact: contact)
                ContactMergesSection(model: model)
                Section {
                    Button {
                        picksMerge = true
                    } label: {
                        Label("Merge with…", systemImage: "arrow.triangle.merge")
                    }
                    VCardExportButton(title: "Export (.vcf)", fileName: model.exportFileName) {
                        await model.exportVCard()
                    }
                    Button(role: .destructive) {
                        confirmsDelete = true
                    } label: {
                        Label("Delete", systemImage: "trash")
                    }
                }
            }
            .refreshable { await model.refresh() }
        } else if let error = model.error {
            LoadFailedView(message: error) { await model.load() }
        } else {
            ProgressView()
        }
    }

    @ViewBuilder
    private var messages: some View {
        if let error = model.error, !confirmsUndo {
            MessageRow(text: error, dismiss: { model.clearMessages() })
        } else if let status = model.status {
            MessageRow(text: status, tone: .done, dismiss: { model.clearMessages() })
        }
    }
}
