import RinAppShell
import SwiftUI

/// One card per profile of mine, the primary first, then the alternates, then a card to make a
/// new one. Choosing a card makes it the profile every Rin screen works on (docs/RIN.md §2.8).
struct ProfileCardPicker: View {
    let profiles: ProfilesModel

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(alignment: .top, spacing: 12) {
                ForEach(profiles.profiles, id: \.id) { profile in
                    let inUse = profile.id == profiles.chosenID
                    Button {
                        profiles.choose(profile)
                    } label: {
                        card(profile, inUse: inUse)
                    }
                    .buttonStyle(.plain)
                    .accessibilityAddTraits(inUse ? .isSelected : [])
                }
                NavigationLink(value: ProfilesRoute.newAlternate) {
                    VStack(spacing: 8) {
                        Image(systemName: "plus.circle.fill")
                            .font(.system(size: 40))
                            .foregroundStyle(RinTheme.accent)
                        Text("New alternate")
                            .font(.subheadline.weight(.semibold))
                        Text("Professional, personal or anonymous")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                            .multilineTextAlignment(.center)
                    }
                    .frame(width: 130, height: 150)
                    .background(Color.secondary.opacity(0.08), in: RoundedRectangle(cornerRadius: 12))
                }
                .buttonStyle(.plain)
                .disabled(!profiles.canCreateAlternate)
            }
            .padding(.vertical, 4)
        }
    }

    private func card(_ profile: RinProfile, inUse: Bool) -> some View {
        VStack(spacing: 6) {
            RinAvatar(name: profile.displayName, photo: profile.photo, size: 56)
            Text(profile.displayName)
                .font(.subheadline.weight(.semibold))
                .lineLimit(1)
            Text(RinWords.profileKindName(profile.kind))
                .font(.caption2.weight(.semibold))
                .padding(.horizontal, 6)
                .background(Color.secondary.opacity(0.15), in: Capsule())
            Text(inUse ? "In use" : "Use this one")
                .font(.caption)
                .foregroundStyle(inUse ? RinTheme.accent : .secondary)
        }
        .frame(width: 130, height: 150)
        .background(Color.secondary.opacity(0.08), in: RoundedRectangle(cornerRadius: 12))
        .overlay {
            RoundedRectangle(cornerRadius: 12).strokeBorder(inUse ? RinTheme.accent : .clear, lineWidth: 2)
        }
    }
}
