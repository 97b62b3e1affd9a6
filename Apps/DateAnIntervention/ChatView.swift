import DateAnInterventionCore
import SwiftUI

/// A conversation with a match, in character. My message shows at once; the reply streams in
/// (typing dots until its first words, then a bubble that grows). Nothing is lost on failure:
/// the error shows with Retry, which the model turns into a resend or a new reply as needed.
struct ChatView: View {
    let interventionID: String
    @State private var model: ChatModel
    @State private var draft = ""
    /// My message from the moment I send it until the server has saved it (it then appears in
    /// `model.messages`); the model keeps an unsent message to itself, so the view shows it.
    @State private var outgoing: Outgoing?
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    /// The server's limit on one message.
    private let maxLength = 2000
    private static let bottom = "bottom"

    private struct Outgoing: Equatable {
        var text: String
        /// How many messages there were when it was sent: a user message after these is this one, saved.
        var after: Int
    }

    init(session: KindredSession, interventionID: String) {
        self.interventionID = interventionID
        _model = State(initialValue: ChatModel(session: session, interventionID: interventionID))
    }

    var body: some View {
        ScrollViewReader { proxy in
            ScrollView {
                LazyVStack(spacing: 10) {
                    if model.messages.isEmpty && pendingText == nil && !model.isSending {
                        Text("Say hello! Ask about its risks, its benefits, how it works or how ready it is.")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                            .multilineTextAlignment(.center)
                            .padding(.top, 40)
                    }
                    ForEach(model.messages, id: \.id) { message in
                        MessageBubble(text: message.text, isMine: message.role == .user, name: name,
                                      note: message.offline == true ? "Offline answer" : nil)
                    }
                    if let pendingText {
                        MessageBubble(text: pendingText, isMine: true, name: name,
                                      note: model.isSending ? "Sending…" : "Not sent")
                    }
                    if model.isTyping {
                        TypingIndicator(name: name)
                    } else if let reply = model.streamingReply, !reply.isEmpty {
                        MessageBubble(text: reply, isMine: false, name: name)
                    }
                    failure
                    Color.clear.frame(height: 1).id(Self.bottom)
                }
                .padding()
            }
            .defaultScrollAnchor(.bottom)
            .scrollDismissesKeyboard(.interactively)
            // Follows the conversation down as messages arrive and as the reply grows.
            .onChange(of: model.messages.count) { scrollToBottom(proxy) }
            .onChange(of: model.isTyping) { scrollToBottom(proxy) }
            .onChange(of: outgoing) { scrollToBottom(proxy) }
            .onChange(of: model.streamingReply) {
                // Unanimated: a delta arrives every few milliseconds and animations would pile up.
                proxy.scrollTo(Self.bottom, anchor: .bottom)
            }
        }
        .safeAreaInset(edge: .bottom) { composer }
        .navigationTitle(name)
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            if model.isOffline {
                ToolbarItem(placement: .principal) {
                    VStack(spacing: 0) {
                        Text(name).font(.headline)
                        Label("Offline", systemImage: "bolt.horizontal.circle")
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                    .accessibilityElement(children: .combine)
                    .accessibilityHint("No language model is connected, so its answers come from its profile.")
                }
            }
            ToolbarItem(placement: .topBarTrailing) {
                NavigationLink(value: Route.profile(interventionID)) {
                    Image(systemName: "person.crop.circle")
                }
                .accessibilityLabel("Profile")
            }
        }
        .task { await model.load() }
    }

    private var name: String { model.intervention?.name ?? "Your match" }

    @ViewBuilder private var failure: some View {
        if !model.isSending, model.error != nil || model.canRetry {
            VStack(spacing: 8) {
                // canRetry without an error: the chat was opened with my last message unanswered.
                Text(model.error ?? "\(name) has not answered yet.")
                    .font(.footnote)
                    .foregroundStyle(model.error == nil ? Color.secondary : Color.red)
                    .multilineTextAlignment(.center)
                if model.canRetry {
                    Button("Retry") { Task { await retry() } }
                        .buttonStyle(.bordered)
                }
            }
            .frame(maxWidth: .infinity)
        }
    }

    private var composer: some View {
        HStack(alignment: .bottom, spacing: 8) {
            TextField("Message", text: $draft, axis: .vertical)
                .lineLimit(1...5)
                .padding(.horizontal, 12)
                .padding(.vertical, 8)
                .background(Color.secondary.opacity(0.12), in: RoundedRectangle(cornerRadius: 18, style: .continuous))
            Button {
                send()
            } label: {
                Image(systemName: "arrow.up.circle.fill")
                    .font(.system(size: 32))
            }
            .accessibilityLabel("Send")
            .disabled(!canSend)
        }
        .padding(.horizontal)
        .padding(.vertical, 8)
        .background(.bar)
    }

    private var trimmedDraft: String { draft.trimmingCharacters(in: .whitespacesAndNewlines) }

    private var canSend: Bool {
        !trimmedDraft.isEmpty && trimmedDraft.count <= maxLength && !model.isSending && pendingText == nil
    }

    /// My message while it is not yet in `model.messages`.
    private var pendingText: String? {
        guard let outgoing, !delivered(outgoing) else { return nil }
        return outgoing.text
    }

    private func delivered(_ outgoing: Outgoing) -> Bool {
        model.messages.dropFirst(outgoing.after).contains { $0.role == .user }
    }

    private func send() {
        let text = trimmedDraft
        guard canSend else { return }
        draft = ""
        outgoing = Outgoing(text: text, after: model.messages.count)
        Task {
            await model.send(text)
            settle()
        }
    }

    private func retry() async {
        await model.retry()
        settle()
    }

    /// After a send or retry: saved, the message is an ordinary bubble now; lost on the way, it
    /// stays as "Not sent" for Retry (which resends it under the same id, so never twice);
    /// refused (nothing to retry), it goes back into the field to be changed.
    private func settle() {
        guard let outgoing else { return }
        if delivered(outgoing) {
            self.outgoing = nil
        } else if !model.canRetry {
            self.outgoing = nil
            if draft.isEmpty { draft = outgoing.text }
        }
    }

    private func scrollToBottom(_ proxy: ScrollViewProxy) {
        if reduceMotion {
            proxy.scrollTo(Self.bottom, anchor: .bottom)
        } else {
            withAnimation(.easeOut(duration: 0.2)) { proxy.scrollTo(Self.bottom, anchor: .bottom) }
        }
    }
}

/// One message: mine on the right in the accent colour, theirs on the left.
struct MessageBubble: View {
    let text: String
    let isMine: Bool
    /// Who "they" are, for VoiceOver.
    let name: String
    var note: String?

    var body: some View {
        HStack {
            if isMine { Spacer(minLength: 48) }
            VStack(alignment: isMine ? .trailing : .leading, spacing: 2) {
                Text(text)
                    .padding(.horizontal, 14)
                    .padding(.vertical, 9)
                    .foregroundStyle(isMine ? Color.white : Color.primary)
                    .background(isMine ? Color.accentColor : Color.secondary.opacity(0.15),
                                in: RoundedRectangle(cornerRadius: 18, style: .continuous))
                    .textSelection(.enabled)
                if let note {
                    Text(note)
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
            }
            if !isMine { Spacer(minLength: 48) }
        }
        .accessibilityElement(children: .combine)
        .accessibilityLabel("\(isMine ? "You" : name): \(text)")
    }
}

/// Three dots that take turns to rise while the reply has not started; still when motion is reduced.
struct TypingIndicator: View {
    let name: String
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        HStack {
            Group {
                if reduceMotion {
                    dots(rising: nil)
                } else {
                    PhaseAnimator([0, 1, 2]) { phase in
                        dots(rising: phase)
                    } animation: { _ in
                        .easeInOut(duration: 0.3)
                    }
                }
            }
            .padding(.horizontal, 14)
            .padding(.vertical, 12)
            .background(Color.secondary.opacity(0.15), in: RoundedRectangle(cornerRadius: 18, style: .continuous))
            Spacer()
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel("\(name) is typing")
    }

    private func dots(rising: Int?) -> some View {
        HStack(spacing: 5) {
            ForEach(0..<3, id: \.self) { index in
                Circle()
                    .fill(.secondary)
                    .frame(width: 8, height: 8)
                    .offset(y: rising == index ? -4 : 0)
                    .opacity(rising == nil || rising == index ? 1 : 0.5)
            }
        }
    }
}
