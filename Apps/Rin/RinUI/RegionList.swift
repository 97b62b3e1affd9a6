import SwiftUI

/// Every region Rin reads phone numbers of, by name, with a search; the chosen one ticked. The
/// regions and their names come from the model (`regions`, `regionName(of:)`: `RinRegions`), so
/// onboarding and Settings offer the very list the server accepts.
struct RegionList: View {
    let regions: [String]
    let name: @MainActor (String) -> String
    let selection: String?
    let choose: @MainActor (String) -> Void
    @State private var query = ""

    var body: some View {
        List {
            ForEach(shown, id: \.self) { code in
                Button {
                    choose(code)
                } label: {
                    HStack {
                        Text(name(code))
                            .foregroundStyle(Color.primary)
                        Spacer()
                        Text(code)
                            .foregroundStyle(.secondary)
                        if code == selection {
                            Image(systemName: "checkmark")
                                .foregroundStyle(RinTheme.accent)
                                .accessibilityLabel("Chosen")
                        }
                    }
                }
            }
        }
        .searchable(text: $query, prompt: "Search regions")
    }

    /// The regions whose name or code holds what is typed, by name in the reader's language.
    private var shown: [String] {
        let typed = query.trimmingCharacters(in: .whitespaces)
        let matching = typed.isEmpty ? regions : regions.filter {
            name($0).localizedCaseInsensitiveContains(typed) || $0.localizedCaseInsensitiveContains(typed)
        }
        return matching.sorted { name($0).localizedCompare(name($1)) == .orderedAscending }
    }
}
