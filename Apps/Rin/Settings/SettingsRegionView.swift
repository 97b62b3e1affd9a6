import RinAppShell
import SwiftUI

/// Choosing the default region, which reads a phone number typed without its country code.
struct SettingsRegionView: View {
    let model: SettingsModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        RegionList(regions: model.regions, name: { model.regionName(of: $0) }, selection: model.region) { code in
            Task {
                if await model.changeRegion(to: code) { dismiss() }
            }
        }
        .safeAreaInset(edge: .top) {
            if let problem = model.regionError ?? model.error {
                Text(problem)
                    .font(.footnote)
                    .foregroundStyle(.red)
                    .padding()
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .background(.bar)
            }
        }
        .navigationTitle("Default region")
        .navigationBarTitleDisplayMode(.inline)
    }
}
