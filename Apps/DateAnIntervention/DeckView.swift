import Accessibility
import DateAnInterventionCore
import SwiftUI

/// "Discover": the deck as a stack of cards, swiped by dragging, by the buttons, or (VoiceOver)
/// by the card's actions. The card flies off at once; the model sends the swipe and, if the
/// server refuses it, puts the card back on top with the reason.
struct DeckView: View {
    let session: KindredSession
    @Environment(DeckModel.self) private var model
    @Environment(\.accessibilityReduceMotion) private var reduceMotion
    @State private var path: [Route] = []
    /// The top card's drag or flight, tied to that card's id so it can never move another card.
    @State private var drag: CardDrag?
    @State private var undoing = false
    @State private var confirmsReset = false
    /// Bumped on every swipe, to play its haptic.
    @State private var swipes = 0

    /// The top card and two underneath, so the next one is already drawn when the top one leaves.
    private let shown = 3

    private struct CardDrag: Equatable {
        let id: String
        var translation: CGSize
        /// Set once the card is on its way off screen; from then on it ignores input.
        var leaving: SwipeDirection?
    }

    var body: some View {
        NavigationStack(path: $path) {
            GeometryReader { geometry in
                VStack(spacing: 16) {
                    status
                    stage(size: geometry.size)
                    controls(size: geometry.size)
                }
            }
            .padding()
            .navigationTitle("Discover")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) { CategoryMenu() }
            }
            .routes(session: session)
            .sheet(item: matchMoment) { moment in
                MatchSheet(match: moment.match) {
                    model.dismissMatch()
                    path.append(.chat(moment.match.intervention.id))
                } onKeepSwiping: {
                    model.dismissMatch()
                }
            }
            .confirmationDialog("Reset the deck?", isPresented: $confirmsReset, titleVisibility: .visible) {
                Button("Reset", role: .destructive) { Task { await model.reset() } }
            } message: {
                Text(resetWarning)
            }
        }
        .task {
            if model.cards.isEmpty { await model.load() }
        }
        .onChange(of: model.category) {
            // A new filter deals a new stack; a half-finished drag belongs to the old one.
            drag = nil
        }
        .onChange(of: path) {
            // A profile can be liked or passed from its own screen, behind the stack's back, so
            // the deck is read again on the way back to it.
            if path.isEmpty { Task { await model.load() } }
        }
        .sensoryFeedback(.impact(weight: .medium), trigger: swipes)
        .sensoryFeedback(.success, trigger: model.newMatch) { _, new in new != nil }
        .sensoryFeedback(.error, trigger: model.error) { _, new in new != nil }
    }

    // MARK: - The stack

    @ViewBuilder private var status: some View {
        if let error = model.error, !model.cards.isEmpty {
            // A refused swipe: the card is back on top, and this says why.
            Label(error, systemImage: "exclamationmark.triangle.fill")
                .font(.footnote)
                .foregroundStyle(.red)
        } else if !model.cards.isEmpty {
            Text(remainingText)
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
    }

    private func stage(size: CGSize) -> some View {
        let top = Array(model.cards.prefix(shown))
        return ZStack {
            if top.isEmpty {
                DeckEmptyState { confirmsReset = true }
            }
            ForEach(Array(top.enumerated()), id: \.element.id) { depth, card in
                stackedCard(card, depth: depth, size: size)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        // The cards underneath move up as the top one leaves.
        .animation(reduceMotion ? nil : .spring(duration: 0.35, bounce: 0.2), value: top.map(\.id))
        // A tick as a drag crosses the threshold, so a finger feels where the swipe will count.
        .sensoryFeedback(.selection, trigger: armed(width: size.width)) { _, new in new != nil }
    }

    private func stackedCard(_ card: Intervention, depth: Int, size: CGSize) -> some View {
        let isTop = depth == 0
        let translation = drag?.id == card.id ? drag?.translation ?? .zero : .zero
        return SwipeCard(intervention: card, translation: translation, width: size.width)
            .scaleEffect(1 - 0.04 * CGFloat(depth))
            .offset(y: 14 * CGFloat(depth))
            // Tilts with the sideways drag, pivoting near the bottom like a card held in the hand.
            .rotationEffect(reduceMotion ? .zero : tilt(translation, width: size.width), anchor: .bottom)
            .offset(translation)
            .zIndex(Double(shown - depth))
            .allowsHitTesting(isTop)
            .onTapGesture { path.append(.profile(card.id)) }
            .gesture(dragGesture(for: card, size: size))
            .accessibilityElement(children: .combine)
            .accessibilityLabel("\(card.name). \(card.age). \(card.tagline). \(card.category.displayName)")
            .accessibilityHint("Opens the full profile. Use actions to like, pass or super-like.")
            .accessibilityAddTraits(.isButton)
            .accessibilityAction { path.append(.profile(card.id)) }
            .accessibilityAction(named: "Like") { send(card, .like, size: size) }
            .accessibilityAction(named: "Pass") { send(card, .pass, size: size) }
            .accessibilityAction(named: "Super-like") { send(card, .superlike, size: size) }
            // Only the top card is real to VoiceOver; the ones underneath are scenery.
            .accessibilityHidden(!isTop)
    }

    private func dragGesture(for card: Intervention, size: CGSize) -> some Gesture {
        DragGesture()
            .onChanged { value in
                if let drag, drag.id == card.id, drag.leaving != nil { return }
                drag = CardDrag(id: card.id, translation: value.translation)
            }
            .onEnded { value in
                guard let current = drag, current.id == card.id, current.leaving == nil else { return }
                if let direction = SwipeGesture.decide(translation: value.translation,
                                                       predicted: value.predictedEndTranslation,
                                                       width: size.width) {
                    send(card, direction, size: size)
                } else {
                    withAnimation(reduceMotion ? nil : .spring(duration: 0.4, bounce: 0.35)) { drag = nil }
                }
            }
    }

    /// Flies the card off towards `direction` from wherever the drag left it, then swipes it.
    private func send(_ card: Intervention, _ direction: SwipeDirection, size: CGSize) {
        guard model.top?.id == card.id, !isLeaving else { return }
        let from = drag?.id == card.id ? drag?.translation ?? .zero : .zero
        drag = CardDrag(id: card.id, translation: from, leaving: direction)
        guard !reduceMotion else {
            commit(card, direction)
            return
        }
        let gone = CardDrag(id: card.id, translation: Self.offscreen(direction, from: from, size: size), leaving: direction)
        withAnimation(.easeIn(duration: 0.25)) {
            drag = gone
        } completion: {
            commit(card, direction)
        }
    }

    private func commit(_ card: Intervention, _ direction: SwipeDirection) {
        // The model swipes whatever is on top; an undo during the flight may have put another card there.
        guard model.top?.id == card.id else {
            drag = nil
            return
        }
        swipes += 1
        let verb = switch direction {
        case .like: "Liked"
        case .pass: "Passed on"
        case .superlike: "Super-liked"
        }
        let announcement = "\(verb) \(card.name)."
        AccessibilityNotification.Announcement(announcement).post()
        Task {
            await model.swipe(direction)
            // Sent, the card is gone; refused, the model has put it back on top, here at rest.
            if drag?.id == card.id { drag = nil }
        }
    }

    /// The top card is already on its way out: buttons wait for the next one.
    private var isLeaving: Bool {
        guard let drag else { return false }
        return drag.leaving != nil && drag.id == model.top?.id
    }

    /// The direction a drag would swipe if let go now, or nil while it is short of the threshold.
    private func armed(width: CGFloat) -> SwipeDirection? {
        guard let drag, drag.leaving == nil, let lean = SwipeGesture.lean(drag.translation, width: width),
              lean.progress >= 1 else { return nil }
        return lean.direction
    }

    private func tilt(_ translation: CGSize, width: CGFloat) -> Angle {
        .degrees(min(20, max(-20, Double(translation.width / max(width, 1)) * 18)))
    }

    private static func offscreen(_ direction: SwipeDirection, from: CGSize, size: CGSize) -> CGSize {
        switch direction {
        case .like: CGSize(width: size.width * 1.5, height: from.height)
        case .pass: CGSize(width: -size.width * 1.5, height: from.height)
        case .superlike: CGSize(width: from.width, height: -size.height * 1.5)
        }
    }

    // MARK: - Buttons

    private func controls(size: CGSize) -> some View {
        HStack(spacing: 20) {
            roundButton("arrow.uturn.backward", label: "Undo last swipe", tint: .orange, diameter: 48) {
                Task { await undo() }
            }
            .disabled(!model.canUndo || undoing || isLeaving)
            roundButton("xmark", label: "Pass", tint: .red, diameter: 64) { swipeTop(.pass, size: size) }
                .disabled(model.top == nil)
            roundButton("star.fill", label: "Super-like", tint: .blue, diameter: 52) { swipeTop(.superlike, size: size) }
                .disabled(model.top == nil)
            roundButton("heart.fill", label: "Like", tint: .green, diameter: 64) { swipeTop(.like, size: size) }
                .disabled(model.top == nil)
        }
    }

    private func roundButton(_ symbol: String, label: String, tint: Color, diameter: CGFloat,
                             action: @escaping @MainActor () -> Void) -> some View {
        Button(action: action) {
            Image(systemName: symbol)
                .font(.system(size: diameter * 0.38, weight: .bold))
                .frame(width: diameter, height: diameter)
        }
        .buttonStyle(.bordered)
        .buttonBorderShape(.circle)
        .tint(tint)
        .accessibilityLabel(label)
    }

    private func swipeTop(_ direction: SwipeDirection, size: CGSize) {
        guard let top = model.top else { return }
        send(top, direction, size: size)
    }

    private func undo() async {
        guard !undoing else { return }
        undoing = true
        defer { undoing = false }
        await model.undo()
    }

    // MARK: - Words

    private var matchMoment: Binding<MatchMoment?> {
        Binding(get: { model.newMatch.map { MatchMoment(match: $0) } },
                set: { if $0 == nil { model.dismissMatch() } })
    }

    private var remainingText: String {
        let cards = model.remaining == 1 ? "card" : "cards"
        guard let category = model.category else { return "\(model.remaining) \(cards) left" }
        return "\(model.remaining) \(cards) left in \(category.displayName)"
    }

    private var resetWarning: String {
        let what = model.category.map { "your \($0.displayName) swipes" } ?? "all your swipes"
        return "This forgets \(what), so those cards come back and their matches are undone. Conversations are kept."
    }
}
