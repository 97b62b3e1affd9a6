import RinAppShell
import SwiftUI

/// The default region: phone numbers typed without a country code are read as this region's.
/// The device's own region is chosen already when Rin knows its numbering.
struct OnboardingRegionStep: View {
    let model: OnboardingModel

    var body: some View {
        RegionList(regions: model.regions, name: { model.regionName(of: $0) }, selection: model.region) { code in
            model.region = code
        }
        .safeAreaInset(edge: .top) {
            VStack(alignment: .leading, spacing: 4) {
                Text("Phone numbers typed without a country code are read as this region’s.")
                if let problem = model.regionError {
                    Text(problem)
                        .foregroundStyle(.red)
                }
            }
            .font(.subheadline)
            .padding()
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(.bar)
        }
        .navigationTitle("Your region")
        .navigationBarTitleDisplayMode(.inline)
    }
}
