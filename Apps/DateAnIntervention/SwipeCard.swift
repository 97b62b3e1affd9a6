import DateAnInterventionCore
import SwiftUI

/// When a drag counts as a swipe, kept free of views so the numbers read in one place.
enum SwipeGesture {
    /// Past this share of the card's width a drag is a decision, as on the web.
    static let threshold: CGFloat = 0.3
    /// A flick need not reach the threshold, but it has to go somewhere: a twitch is not a swipe.
    static let flickMinimum: CGFloat = 30

    /// Which way a drag leans, and how far towards the threshold (0…1). Up more than sideways is a
    /// super-like; otherwise left passes and right likes.
    static func lean(_ translation: CGSize, width: CGFloat) -> (direction: SwipeDirection, progress: Double)? {
        let reach = max(width * threshold, 1)
        if -translation.height > abs(translation.width) {
            return (.superlike, min(1, -translation.height / reach))
        }
        if translation.width > 0 { return (.like, min(1, translation.width / reach)) }
        if translation.width < 0 { return (.pass, min(1, -translation.width / reach)) }
        return nil
    }

    /// What a released drag decides: a swipe when it is past the threshold, or when it was flicked
    /// hard enough that its predicted end is a card's width away; nil springs the card back.
    static func decide(translation: CGSize, predicted: CGSize, width: CGFloat) -> SwipeDirection? {
        guard let lean = lean(translation, width: width) else { return nil }
        if lean.progress >= 1 { return lean.direction }
        let (moved, heading): (CGFloat, CGFloat) = switch lean.direction {
        case .like: (translation.width, predicted.width)
        case .pass: (-translation.width, -predicted.width)
        case .superlike: (-translation.height, -predicted.height)
        }
        return moved >= flickMinimum && heading >= width ? lean.direction : nil
    }
}

/// One card of the stack: the profile's gradient and symbol, its name, age, tagline and category,
/// and the LIKE / NOPE / SUPER stamps that fade in as a drag leans towards each.
struct SwipeCard: View {
    let intervention: Intervention
    /// Where the drag has taken the card; zero at rest (and for every card but the top one).
    var translation: CGSize = .zero
    /// The stack's width, which the stamps' fade is measured against.
    var width: CGFloat = 1

    var body: some View {
        ZStack(alignment: .bottom) {
            intervention.background
            InterventionSymbol(intervention: intervention, size: 110)
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .padding(.bottom, 140)  // keeps the symbol clear of the text
            details
        }
        .overlay { stamps }
        .clipShape(RoundedRectangle(cornerRadius: 28, style: .continuous))
        .shadow(color: .black.opacity(0.2), radius: 10, y: 6)
    }

    private var details: some View {
        VStack(alignment: .leading, spacing: 6) {
            CategoryChip(category: intervention.category)
            Text(intervention.name)
                .font(.largeTitle.bold())
                .lineLimit(2)
                .minimumScaleFactor(0.7)
            Text(intervention.age)
                .font(.subheadline)
                .opacity(0.85)
            Text(intervention.tagline)
                .font(.title3)
                .lineLimit(3)
        }
        .foregroundStyle(.white)
        .padding(20)
        .frame(maxWidth: .infinity, alignment: .leading)
        // A dark fade under the text keeps it readable on the lightest gradients.
        .background(LinearGradient(colors: [.clear, .black.opacity(0.55)], startPoint: .top, endPoint: .bottom))
    }

    private var stamps: some View {
        let lean = SwipeGesture.lean(translation, width: width)
        func strength(_ direction: SwipeDirection) -> Double {
            lean?.direction == direction ? lean?.progress ?? 0 : 0
        }
        return ZStack {
            // LIKE sits on the side the card is leaving from, where it stays in view.
            stamp("LIKE", color: .green, degrees: -15)
                .opacity(strength(.like))
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            stamp("NOPE", color: .red, degrees: 15)
                .opacity(strength(.pass))
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topTrailing)
            stamp("SUPER", color: .blue, degrees: -8)
                .opacity(strength(.superlike))
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .center)
        }
        .padding(28)
        .accessibilityHidden(true)  // VoiceOver users swipe with the card's actions instead
    }

    private func stamp(_ text: String, color: Color, degrees: Double) -> some View {
        Text(text)
            .font(.system(size: 40, weight: .heavy, design: .rounded))
            .foregroundStyle(color)
            .padding(.horizontal, 12)
            .padding(.vertical, 2)
            .overlay(RoundedRectangle(cornerRadius: 8).stroke(color, lineWidth: 4))
            .rotationEffect(.degrees(degrees))
    }
}
