import RinAppShell
import SwiftUI

/// Rin's twelve palette colours as swatches, each named for VoiceOver and for people who don't
/// tell colours apart. `suggested` adds "Pick for me" (nil): a new circle then takes the colour
/// the server would give it, shown in that swatch.
struct ColourPicker: View {
    @Binding var selection: RinCircleColor?
    /// The palette in the order it is offered (`CircleRules.palette`).
    let palette: [RinCircleColor]
    /// When set, "Pick for me" is offered, drawn in this colour.
    var suggested: RinCircleColor?

    private let columns = [GridItem(.adaptive(minimum: 36), spacing: 12)]

    var body: some View {
        LazyVGrid(columns: columns, alignment: .leading, spacing: 12) {
            if let suggested {
                swatch(nil, fill: suggested.color, name: "Pick for me (\(suggested.name))")
                    .overlay { Image(systemName: "wand.and.stars").font(.caption).foregroundStyle(.white) }
            }
            ForEach(palette, id: \.self) { colour in
                swatch(colour, fill: colour.color, name: colour.name)
            }
        }
        .padding(.vertical, 4)
    }

    private func swatch(_ colour: RinCircleColor?, fill: Color, name: String) -> some View {
        let chosen = selection == colour
        return Button {
            selection = colour
        } label: {
            Circle()
                .fill(fill)
                .frame(width: 32, height: 32)
                .overlay {
                    Circle().strokeBorder(Color.primary, lineWidth: chosen ? 3 : 0).padding(-4)
                }
        }
        .buttonStyle(.plain)
        .accessibilityLabel(name)
        .accessibilityAddTraits(chosen ? .isSelected : [])
    }
}
