import InnovationEngineCore
import KindredSDK
import SwiftUI

/// "Network": my constellation — me in blue at the centre, the people I know around me, and
/// faint lines for who knows whom. Pinch to zoom, drag to pan, tap a dot for its name, and from
/// there report or block the person.
struct NetworkView: View {
    let session: KindredSession
    @Environment(NetworkModel.self) private var model
    @State private var zoom: CGFloat = 1
    @State private var zoomAtGestureStart: CGFloat = 1
    @State private var pan: CGSize = .zero
    @State private var panAtGestureStart: CGSize = .zero
    @State private var selected: UUID?
    @State private var reporting: ReportSubject?
    @State private var blocking: Profile?
    @State private var confirmsBlock = false
    @State private var blockError: String?
    @State private var showsBlockError = false

    /// Keeps the outermost dots clear of the screen edge (the layout's own margin is tiny).
    private let padding: CGFloat = 24
    /// How far from a dot a tap may land and still pick it: about a fingertip.
    private let tapRadius: CGFloat = 28

    var body: some View {
        NavigationStack {
            GeometryReader { geometry in
                let size = geometry.size
                constellation
                    .contentShape(Rectangle())
                    .gesture(zoomAndPan)
                    .simultaneousGesture(SpatialTapGesture().onEnded { tap in
                        selected = nearest(to: tap.location, in: size)
                    })
            }
            .background(.black)
            .overlay(alignment: .bottom) { selectionLabel }
            .overlay { status }
            .navigationTitle("Network")
            .toolbarBackground(.black, for: .navigationBar)
            .toolbarColorScheme(.dark, for: .navigationBar)
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Reset view", systemImage: "arrow.up.left.and.arrow.down.right", action: resetView)
                        .disabled(zoom == 1 && pan == .zero)
                }
            }
        }
        .sheet(item: $reporting) { subject in
            ReportSheet(session: session, subject: subject)
        }
        .confirmationDialog("Block \(blocking?.displayName ?? "them")?", isPresented: $confirmsBlock,
                            titleVisibility: .visible, presenting: blocking) { person in
            Button("Block", role: .destructive) { Task { await block(person) } }
        } message: { person in
            Text("You won't see each other anywhere in Kindred, and your connection ends. \(person.displayName) isn't told.")
        }
        .alert("Could not block", isPresented: $showsBlockError) {
            Button("OK") {}
        } message: {
            Text(blockError ?? "")
        }
        .task { await model.load() }
        .task { await model.followChanges() }
    }

    private var constellation: some View {
        let network = model.network
        let positions = model.positions
        let selected = selected
        let transform = transform
        let zoom = zoom, padding = padding
        return Canvas { context, size in
            guard let network, let me = positions[network.me.id] else { return }
            let centre = transform(me, size)
            // Dots shrink towards the layout's guaranteed spacing so a large network's dots do
            // not merge into a blob, and grow back as the user zooms in.
            let side = max(min(size.width, size.height) - 2 * padding, 1)
            let spacing = CGFloat(NetworkLayout.effectiveSeparation(nodeCount: network.people.count + 1)) * side * zoom
            let radius: CGFloat = min(3, max(0.75, spacing * 0.4))
            // All lines in one path, stroked once: thousands of separate strokes would be slow,
            // and overlapping translucent strokes would brighten where they cross.
            var lines = Path()
            for person in network.people {
                guard let point = positions[person.id] else { continue }
                lines.move(to: centre)
                lines.addLine(to: transform(point, size))
            }
            for link in network.links {
                guard let a = positions[link.a], let b = positions[link.b] else { continue }
                lines.move(to: transform(a, size))
                lines.addLine(to: transform(b, size))
            }
            context.stroke(lines, with: .color(.white.opacity(0.12)), lineWidth: 0.5)

            var dots = Path()
            for person in network.people {
                guard let point = positions[person.id] else { continue }
                dots.addEllipse(in: Self.dot(at: transform(point, size), radius: radius))
            }
            context.fill(dots, with: .color(.white))
            context.fill(Path(ellipseIn: Self.dot(at: centre, radius: 6)), with: .color(.blue))

            if let selected, let point = positions[selected] {
                context.stroke(Path(ellipseIn: Self.dot(at: transform(point, size), radius: 9)),
                               with: .color(.yellow), lineWidth: 2)
            }
        }
        // VoiceOver cannot explore a drawing, so it gets the same people as a list instead.
        .accessibilityRepresentation {
            List(network?.people ?? [], id: \.id) { person in
                Text(person.displayName)
                    .accessibilityActions { safetyActions(for: person) }
            }
            .accessibilityLabel("Your connections")
        }
    }

    @ViewBuilder private var selectionLabel: some View {
        if let selected, let name = name(of: selected) {
            HStack(spacing: 10) {
                Text(name)
                    .font(.headline)
                if let person = person(selected) {
                    Menu {
                        safetyActions(for: person)
                    } label: {
                        Image(systemName: "ellipsis.circle")
                            .imageScale(.large)
                    }
                    .accessibilityLabel("Report or block \(person.displayName)")
                }
            }
            .padding(.horizontal, 16)
            .padding(.vertical, 8)
            .background(.ultraThinMaterial, in: Capsule())
            .padding(.bottom, 24)
        }
    }

    /// Wherever a person is shown, the same two: in the selection's menu and as VoiceOver actions.
    @ViewBuilder private func safetyActions(for person: Profile) -> some View {
        Button("Report…", systemImage: "exclamationmark.bubble") {
            reporting = .profile(person)
        }
        Button("Block", systemImage: "hand.raised", role: .destructive) {
            blocking = person
            confirmsBlock = true
        }
    }

    @ViewBuilder private var status: some View {
        if let error = model.error, model.network == nil {
            ContentUnavailableView("Your network did not load", systemImage: "exclamationmark.triangle",
                                   description: Text(error))
        } else if model.network == nil {
            ProgressView().tint(.white)
        } else if model.network?.people.isEmpty == true {
            Text("Scan someone's code to start your constellation.")
                .foregroundStyle(.white.opacity(0.7))
                .padding(.top, 120)
        }
    }

    /// Pinch and pan together, so both work in one two-finger movement.
    private var zoomAndPan: some Gesture {
        MagnifyGesture()
            .onChanged { value in zoom = min(max(zoomAtGestureStart * value.magnification, 0.5), 12) }
            .onEnded { _ in zoomAtGestureStart = zoom }
            .simultaneously(with: DragGesture()
                .onChanged { value in
                    pan = CGSize(width: panAtGestureStart.width + value.translation.width,
                                 height: panAtGestureStart.height + value.translation.height)
                }
                .onEnded { _ in panAtGestureStart = pan })
    }

    /// Normalised layout point → view point: fitted into a centred square (so the picture is
    /// not stretched), then zoomed about the centre and panned.
    private var transform: (LayoutPoint, CGSize) -> CGPoint {
        let zoom = zoom, pan = pan, padding = padding
        return { point, size in
            let side = max(min(size.width, size.height) - 2 * padding, 1)
            let x = CGFloat(point.x - 0.5) * side * zoom + size.width / 2 + pan.width
            let y = CGFloat(point.y - 0.5) * side * zoom + size.height / 2 + pan.height
            return CGPoint(x: x, y: y)
        }
    }

    private func nearest(to location: CGPoint, in size: CGSize) -> UUID? {
        var best: (id: UUID, distance: CGFloat)?
        for point in model.positions.values {
            let p = transform(point, size)
            let distance = hypot(p.x - location.x, p.y - location.y)
            if distance <= tapRadius, distance < (best?.distance ?? .infinity) { best = (point.id, distance) }
        }
        return best?.id
    }

    private func name(of id: UUID) -> String? {
        guard let network = model.network else { return nil }
        if id == network.me.id { return "You (\(network.me.displayName))" }
        return person(id)?.displayName
    }

    /// One of my connections; never me, whom there is no reporting or blocking.
    private func person(_ id: UUID) -> Profile? {
        model.network?.people.first { $0.id == id }
    }

    /// Blocking ends our connection on the server; the network is read again so the dot goes at
    /// once rather than whenever the realtime event arrives.
    private func block(_ person: Profile) async {
        do {
            try await session.block(username: person.username)
            if selected == person.id { selected = nil }
            await model.load()
        } catch {
            blockError = error.localizedDescription
            showsBlockError = true
        }
    }

    private func resetView() {
        withAnimation {
            zoom = 1
            zoomAtGestureStart = 1
            pan = .zero
            panAtGestureStart = .zero
        }
    }

    nonisolated private static func dot(at centre: CGPoint, radius: CGFloat) -> CGRect {
        CGRect(x: centre.x - radius, y: centre.y - radius, width: radius * 2, height: radius * 2)
    }
}
