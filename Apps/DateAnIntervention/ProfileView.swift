import DateAnInterventionCore
import SwiftUI

/// A profile in full: the gradient header, bio, the four facts, personality, what it brings, its
/// dealbreakers and its sources. Matched, it offers Message; not yet swiped, like or pass here.
struct ProfileView: View {
    @State private var model: ProfileModel
    @State private var swiping = false
    /// What the latest swipe here did, said once under the buttons.
    @State private var outcome: String?

    init(session: KindredSession, interventionID: String) {
        _model = State(initialValue: ProfileModel(session: session, interventionID: interventionID))
    }

    var body: some View {
        Group {
            if let intervention = model.intervention {
                ScrollView {
                    VStack(alignment: .leading, spacing: 24) {
                        header(intervention)
                        actions(intervention)
                        Text(intervention.bio)
                        facts(intervention)
                        section("Personality") { chips(intervention.personality) }
                        section("Conversation style") { Text(intervention.conversationStyle) }
                        section("What I bring") { bullets(intervention.interests, symbol: "plus.circle.fill", tint: .green) }
                        section("Dealbreakers") { bullets(intervention.dealbreakers, symbol: "exclamationmark.triangle.fill", tint: .orange) }
                        section("References") { references(intervention.references) }
                    }
                    .padding()
                }
            } else if let error = model.error {
                ContentUnavailableView {
                    Label("The profile did not load", systemImage: "exclamationmark.triangle")
                } description: {
                    Text(error)
                } actions: {
                    Button("Try again") { Task { await model.load() } }
                }
            } else {
                ProgressView()
            }
        }
        .navigationTitle(model.intervention?.name ?? "Profile")
        .navigationBarTitleDisplayMode(.inline)
        .task { await model.load() }
        // On a swipe made here, not on opening a profile that was already a match.
        .sensoryFeedback(.success, trigger: outcome) { _, new in new != nil }
    }

    private func header(_ intervention: Intervention) -> some View {
        VStack(spacing: 10) {
            InterventionSymbol(intervention: intervention, size: 72)
                .padding(.top, 12)
            Text(intervention.name)
                .font(.title.bold())
                .multilineTextAlignment(.center)
            Text(intervention.age)
                .font(.subheadline)
                .opacity(0.85)
            Text(intervention.tagline)
                .multilineTextAlignment(.center)
            HStack {
                CategoryChip(category: intervention.category)
                if let swipe = model.swipe {
                    Text(Self.swipedWords(swipe))
                        .font(.caption.weight(.semibold))
                        .padding(.horizontal, 10)
                        .padding(.vertical, 4)
                        .background(.ultraThinMaterial, in: Capsule())
                }
            }
        }
        .foregroundStyle(.white)
        .padding(20)
        .frame(maxWidth: .infinity)
        .background(intervention.background, in: RoundedRectangle(cornerRadius: 24, style: .continuous))
        .accessibilityElement(children: .combine)
    }

    @ViewBuilder private func actions(_ intervention: Intervention) -> some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack(spacing: 12) {
                if model.canMessage {
                    NavigationLink(value: Route.chat(intervention.id)) {
                        Label("Message", systemImage: "bubble.left.and.bubble.right.fill")
                    }
                    .buttonStyle(.borderedProminent)
                } else {
                    Button("Message", systemImage: "bubble.left.and.bubble.right.fill") {}
                        .buttonStyle(.borderedProminent)
                        .disabled(true)
                }
                NavigationLink(value: Route.compare(intervention.id)) {
                    Label("Compare", systemImage: "square.split.2x1")
                }
                .buttonStyle(.bordered)
            }
            if model.swipe == nil {
                HStack(spacing: 12) {
                    swipeButton("Like", systemImage: "heart.fill", direction: .like, tint: .green)
                    swipeButton("Super-like", systemImage: "star.fill", direction: .superlike, tint: .blue)
                    swipeButton("Pass", systemImage: "xmark", direction: .pass, tint: .red)
                }
            }
            if let hint = messageHint {
                Text(hint)
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            if let error = model.error {
                Text(error)
                    .font(.footnote)
                    .foregroundStyle(.red)
            }
        }
    }

    private func swipeButton(_ title: String, systemImage: String, direction: SwipeDirection, tint: Color) -> some View {
        Button {
            Task { await swipe(direction) }
        } label: {
            Label(title, systemImage: systemImage)
        }
        .buttonStyle(.bordered)
        .tint(tint)
        .disabled(swiping)
    }

    private func swipe(_ direction: SwipeDirection) async {
        swiping = true
        defer { swiping = false }
        await model.swipe(direction)
        guard model.error == nil, let name = model.intervention?.name else { return }
        outcome = model.canMessage ? "It’s a match! Say hello to \(name)." : "You passed on \(name)."
    }

    /// Why Message is off, or what just happened; nil when there is nothing to say.
    private var messageHint: String? {
        if let outcome { return outcome }
        if model.canMessage { return nil }
        return model.swipe == .pass
            ? "You passed. Undo it on Discover or reset the deck to change your mind."
            : "Like it to match, then you can message it."
    }

    // MARK: - Sections

    private func facts(_ intervention: Intervention) -> some View {
        LazyVGrid(columns: [GridItem(.flexible(), alignment: .topLeading), GridItem(.flexible(), alignment: .topLeading)],
                  spacing: 16) {
            fact("Impact scale", intervention.impactWord)
            fact("Research level", intervention.researchWord)
            VStack(alignment: .leading, spacing: 6) {
                Text("Tech readiness").font(.caption).foregroundStyle(.secondary)
                Text("TRL \(intervention.techReadiness)/9").font(.headline)
                ProgressView(value: Double(min(max(intervention.techReadiness, 0), 9)), total: 9)
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Tech readiness")
            .accessibilityValue("Technology readiness level \(intervention.techReadiness) of 9")
            fact("Support level", intervention.supportWord)
        }
        .padding()
        .background(Color.secondary.opacity(0.12), in: RoundedRectangle(cornerRadius: 16, style: .continuous))
    }

    private func fact(_ label: String, _ value: String) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(label).font(.caption).foregroundStyle(.secondary)
            Text(value).font(.headline)
        }
        .accessibilityElement(children: .combine)
    }

    private func section<Content: View>(_ title: String, @ViewBuilder content: () -> Content) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(title)
                .font(.title3.bold())
                .accessibilityAddTraits(.isHeader)
            content()
        }
    }

    private func chips(_ words: [String]) -> some View {
        // Scrolls sideways rather than wrapping: iOS 17 has no flowing layout built in.
        ScrollView(.horizontal, showsIndicators: false) {
            HStack {
                ForEach(words, id: \.self) { word in
                    Text(word)
                        .font(.subheadline)
                        .padding(.horizontal, 12)
                        .padding(.vertical, 6)
                        .background(.quaternary, in: Capsule())
                }
            }
        }
    }

    private func bullets(_ items: [String], symbol: String, tint: Color) -> some View {
        VStack(alignment: .leading, spacing: 8) {
            ForEach(items, id: \.self) { item in
                Label {
                    Text(item)
                } icon: {
                    Image(systemName: symbol).foregroundStyle(tint)
                }
            }
        }
    }

    private func references(_ references: [Components.Schemas.InterventionReference]) -> some View {
        VStack(alignment: .leading, spacing: 10) {
            ForEach(references, id: \.self) { reference in
                VStack(alignment: .leading, spacing: 2) {
                    // Only web links open: a catalogue entry must never be able to launch another scheme.
                    if let url = URL(string: reference.url), ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
                        Link(reference.title, destination: url)
                    } else {
                        Text(reference.title)
                    }
                    Text("\(reference.publisher), \(String(reference.year))")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                }
            }
        }
    }

    private static func swipedWords(_ swipe: SwipeDirection) -> String {
        switch swipe {
        case .like: "You liked it"
        case .superlike: "You super-liked it"
        case .pass: "You passed"
        }
    }
}
