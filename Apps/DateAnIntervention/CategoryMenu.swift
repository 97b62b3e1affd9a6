import DateAnInterventionCore
import SwiftUI

/// Discover's filter: all categories or one, as a menu with a checkmark on the current choice.
struct CategoryMenu: View {
    @Environment(DeckModel.self) private var model

    var body: some View {
        Menu {
            Picker("Category", selection: selection) {
                Text("All categories").tag(InterventionCategory?.none)
                ForEach(InterventionCategory.allCases, id: \.self) { category in
                    Text(category.displayName).tag(InterventionCategory?.some(category))
                }
            }
        } label: {
            // Filled while a filter is on, so a partial deck never passes for the whole one.
            Label("Category", systemImage: model.category == nil
                  ? "line.3.horizontal.decrease.circle" : "line.3.horizontal.decrease.circle.fill")
        }
        .accessibilityLabel("Filter by category")
        .accessibilityValue(model.category?.displayName ?? "All categories")
    }

    /// The model changes its filter only by loading that category's deck, hence a hand-made binding.
    private var selection: Binding<InterventionCategory?> {
        Binding(get: { model.category }, set: { category in
            Task { await model.filter(by: category) }
        })
    }
}
