import RinAppShell
import SwiftUI

/// The editor's place in the stack (`ContactsRoute.edit`): a new contact at once; an existing one
/// once its card is read (this device's copy first), since the route carries only its id and
/// `ContactEditorModel` starts from the card itself.
struct ContactEditorScreen: View {
    let context: RinContext
    @State private var source: ContactDetailModel?
    @State private var editor: ContactEditorModel?

    init(context: RinContext, contactID: UUID?) {
        self.context = context
        if let contactID {
            _source = State(initialValue: ContactDetailModel(context: context, contactID: contactID))
        } else {
            _editor = State(initialValue: ContactEditorModel(context: context, editing: nil))
        }
    }

    var body: some View {
        if let editor {
            ContactEditorForm(model: editor)
        } else if let source {
            Group {
                if source.isMissing {
                    ContentUnavailableView("Contact not found", systemImage: "person.crop.circle.badge.questionmark",
                                           description: Text("This contact isn’t in your book. It may have been deleted."))
                } else if let error = source.error, source.contact == nil {
                    LoadFailedView(message: error) { await open(source) }
                } else {
                    ProgressView()
                }
            }
            .task { await open(source) }
        }
    }

    private func open(_ source: ContactDetailModel) async {
        await source.load()
        if let contact = source.contact {
            editor = ContactEditorModel(context: context, editing: contact)
        }
    }
}
