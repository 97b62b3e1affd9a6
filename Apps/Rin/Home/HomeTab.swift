import RinAppShell
import SwiftUI

/// The Home tab: the book of the profile Rin works on, and every screen of the Contacts feature,
/// on one navigation stack bound to `ContactsCoordinator.path`. The home page, the A–Z list and
/// the import are made once here, so they keep their state (the pages read, an import in
/// progress) while screens come and go above them.
struct HomeTab: View {
    let context: RinContext
    @Environment(ContactsCoordinator.self) private var coordinator
    @State private var home: ContactsHomeModel
    @State private var list: ContactListModel
    @State private var imports: ImportModel

    init(context: RinContext) {
        self.context = context
        _home = State(initialValue: ContactsHomeModel(context: context))
        _list = State(initialValue: ContactListModel(context: context))
        _imports = State(initialValue: ImportModel(context: context))
    }

    var body: some View {
        @Bindable var coordinator = coordinator
        NavigationStack(path: $coordinator.path) {
            ContactsHomeView(home: home, list: list)
                .navigationDestination(for: ContactsRoute.self) { route in
                    destination(route)
                }
        }
        // A contact deleted or merged away on its own page leaves the A–Z list at once.
        .environment(list)
    }

    @ViewBuilder
    private func destination(_ route: ContactsRoute) -> some View {
        switch route {
        case .contact(let id):
            ContactDetailView(context: context, contactID: id)
        case .edit(let id):
            ContactEditorScreen(context: context, contactID: id)
        case .review:
            ReviewView(context: context)
        case .imports:
            ImportsView(model: imports)
        case .importProgress(let id):
            ImportProgressView(model: imports, importID: id)
        case .card(let token):
            CardView(context: context, token: token)
        }
    }
}
