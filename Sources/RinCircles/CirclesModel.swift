import Foundation
import Observation
import RinCore

/// The Circles tab: the acting profile's circles in the server's order (Contacts and Public, the
/// prepopulated Family, Friends and Colleagues, then my own), each with its member count. The
/// copy this device kept shows at once and the server's replaces it. A new circle is made here;
/// name, emoji and colour change here too, shown at once and queued, so a change made offline
/// waits for the connection. Contacts and Public keep their names and cannot be deleted.
@MainActor @Observable
public final class CirclesModel {
    /// In list order; a change still waiting in the queue is shown over the server's answer.
    public private(set) var circles: [RinCircle] = []
    /// The profile `circles` belong to.
    public private(set) var profileID: UUID?
    public private(set) var isLoading = false
    /// Circles with a change that waits in the queue, for a "not sent yet" mark.
    public private(set) var waiting: Set<UUID> = []
    /// The form's problems by the contract's field names (`name`, `emoji`, `color`), in the
    /// server's words, whether the device or the server found them.
    public private(set) var fieldErrors: [String: String] = [:]
    public private(set) var error: String?

    private let context: RinContext

    public init(context: RinContext) {
        self.context = context
    }

    public func circle(_ id: UUID) -> RinCircle? {
        circles.first { $0.id == id }
    }

    /// Contacts and Public keep their names (docs/RIN.md §2.4); emoji and colour may change.
    public func canRename(_ circle: RinCircle) -> Bool { !circle.isSystem }
    public func canDelete(_ circle: RinCircle) -> Bool { !circle.isSystem }

    /// The colour a new circle gets if none is picked, for the picker to show ahead.
    public var suggestedColor: RinCircleColor { CircleRules.nextColor(after: circles.map(\.color)) }

    public var hasCustomCircles: Bool { circles.contains { $0.kind == .custom } }

    /// Shows what this device kept for the acting profile, then asks the server.
    public func load() async {
        guard let (account, profile) = await context.scope() else {
            error = context.error ?? "Rin has not started: sign in again."
            return
        }
        if profile != profileID {
            circles = await context.store.value([RinCircle].self, for: .circles(profile), account: account) ?? []
            (profileID, waiting) = (profile, [])
        }
        isLoading = true
        defer { isLoading = false }
        do {
            let fresh = try await context.session.rinCircles(of: profile)
            // The acting profile changed while the answer travelled: it is another list's.
            guard context.profileID == profile else { return }
            circles = await showingQueuedChanges(over: fresh)
            error = nil
            await keep()
        } catch {
            self.error = error.localizedDescription
        }
        await refreshWaiting()
    }

    // MARK: - Creating

    /// Makes a custom circle; nil when the device or the server refused it (`fieldErrors`). The
    /// colour is the palette's least used when nil, as the server picks it; the template is
    /// Restricted when not chosen, which opens least. Needs the server: the circle's id is its.
    @discardableResult
    public func create(name: String, emoji: String? = nil, color: RinCircleColor? = nil,
                       template: RinCircleDraft.TemplatePayload = .restricted) async -> RinCircle? {
        var problems: [String: String] = [:]
        if let problem = CircleRules.nameProblem(name) { problems["name"] = problem }
        if let problem = CircleRules.emojiProblem(emoji) { problems["emoji"] = problem }
        guard problems.isEmpty else {
            refuse(problems)
            return nil
        }
        guard let (_, profile) = await context.scope() else {
            error = context.error ?? "Rin has not started: sign in again."
            return nil
        }
        let draft = RinCircleDraft(name: CircleRules.normalizedName(name), emoji: CircleRules.normalizedEmoji(emoji),
                                   color: color, template: template)
        do {
            let circle = try await context.session.createRinCircle(in: profile, draft)
            // A custom circle takes the position after every other, so it is last in the list.
            if profile == profileID { circles.append(circle) }
            (fieldErrors, error) = ([:], nil)
            await keep()
            return circle
        } catch {
            show(error)
            return nil
        }
    }

    // MARK: - Changing

    /// The edit form's Save: name, emoji (blank for none) and colour as the form holds them. Only
    /// what differs is sent, in one change that shows at once and waits in the queue if offline.
    /// False when refused (`fieldErrors`, `error`); a refusal after queueing puts the server's
    /// circle back.
    @discardableResult
    public func update(_ circleID: UUID, name: String, emoji: String?, color: RinCircleColor) async -> Bool {
        guard let circle = circle(circleID) else { return missing() }
        var problems: [String: String] = [:]
        var edit = RinCircleEdit()
        let newName = CircleRules.normalizedName(name)
        if newName != circle.name {
            if !canRename(circle) {
                problems["name"] = CircleRules.systemNameStays(circle.name)
            } else if let problem = CircleRules.nameProblem(name) {
                problems["name"] = problem
            } else {
                edit.name = newName
            }
        }
        if let problem = CircleRules.emojiProblem(emoji) {
            problems["emoji"] = problem
        } else if let newEmoji = CircleRules.normalizedEmoji(emoji), newEmoji != circle.emoji {
            edit.emoji = newEmoji
        } else if CircleRules.normalizedEmoji(emoji) == nil, circle.emoji != nil {
            edit.removeEmoji = true
        }
        if color != circle.color { edit.color = color }
        guard problems.isEmpty else {
            refuse(problems)
            return false
        }
        (fieldErrors, error) = ([:], nil)
        guard edit != RinCircleEdit() else { return true }
        return await send(edit, to: circle)
    }

    @discardableResult
    public func rename(_ circleID: UUID, to name: String) async -> Bool {
        guard let circle = circle(circleID) else { return missing() }
        return await update(circleID, name: name, emoji: circle.emoji, color: circle.color)
    }

    /// nil or a blank text takes the emoji away.
    @discardableResult
    public func setEmoji(_ emoji: String?, of circleID: UUID) async -> Bool {
        guard let circle = circle(circleID) else { return missing() }
        return await update(circleID, name: circle.name, emoji: emoji, color: circle.color)
    }

    @discardableResult
    public func setColor(_ color: RinCircleColor, of circleID: UUID) async -> Bool {
        guard let circle = circle(circleID) else { return missing() }
        return await update(circleID, name: circle.name, emoji: circle.emoji, color: color)
    }

    // MARK: - Deleting

    /// Takes a custom or prepopulated circle away at once; its people stay in Contacts. Offline
    /// the deletion waits in the queue (the circle stays gone here) and goes when the connection
    /// returns; a circle already deleted elsewhere counts as deleted. A refusal brings it back.
    @discardableResult
    public func delete(_ circleID: UUID) async -> Bool {
        guard let index = circles.firstIndex(where: { $0.id == circleID }) else { return false }
        let circle = circles[index]
        guard canDelete(circle) else {
            error = CircleRules.systemCircleStays(circle.name)
            return false
        }
        circles.remove(at: index)
        await keep()
        switch await context.submit(.deleteCircle(circleID)) {
        case .sent, .waiting:
            waiting.remove(circleID)
            error = nil
            return true
        case .refused(let words, _):
            circles.insert(circle, at: min(index, circles.count))
            await keep()
            error = words
            return false
        }
    }

    // MARK: - Private

    private func send(_ edit: RinCircleEdit, to before: RinCircle) async -> Bool {
        put(Self.applying(edit, to: before))
        await keep()
        switch await context.submit(.updateCircle(before.id, edit)) {
        case .sent:
            waiting.remove(before.id)
            return true
        case .waiting:
            waiting.insert(before.id)
            return true
        case .refused(let words, _):
            put(before)
            // The server's list is the truth now: the circle may be gone (deleted elsewhere).
            await load()
            error = words
            return false
        }
    }

    /// What the server does with `edit` (RinCircleService.update): name and emoji as checked
    /// above, `removeEmoji` before a new emoji.
    static func applying(_ edit: RinCircleEdit, to circle: RinCircle) -> RinCircle {
        var circle = circle
        if let name = edit.name { circle.name = CircleRules.normalizedName(name) }
        if edit.removeEmoji == true {
            circle.emoji = nil
        } else if let emoji = CircleRules.normalizedEmoji(edit.emoji) {
            circle.emoji = emoji
        }
        if let color = edit.color { circle.color = color }
        return circle
    }

    /// The server's circles with the changes still queued on top, so a relaunch before the queue
    /// is sent does not show an edit undone; a member's queued removal already lowers the count.
    private func showingQueuedChanges(over fresh: [RinCircle]) async -> [RinCircle] {
        var circles = fresh
        for entry in await context.queue.pending {
            switch entry.mutation {
            case .updateCircle(let id, let edit):
                if let index = circles.firstIndex(where: { $0.id == id }) { circles[index] = Self.applying(edit, to: circles[index]) }
            case .deleteCircle(let id):
                circles.removeAll { $0.id == id }
            case .removeCircleMember(let id, _):
                if let index = circles.firstIndex(where: { $0.id == id }), let count = circles[index].memberCount {
                    circles[index].memberCount = max(count - 1, 0)
                }
            default:
                continue
            }
        }
        return circles
    }

    private func refreshWaiting() async {
        waiting = Set(await context.queue.pending.compactMap { entry in
            if case .updateCircle(let id, _) = entry.mutation { id } else { nil }
        })
    }

    private func put(_ circle: RinCircle) {
        if let index = circles.firstIndex(where: { $0.id == circle.id }) { circles[index] = circle }
    }

    private func refuse(_ problems: [String: String]) {
        fieldErrors = problems
        // As the server words a 422: the one problem, or a pointer to several.
        error = problems.count == 1 ? problems.values.first : "Some fields need another look."
    }

    private func missing() -> Bool {
        error = "This circle is no longer in the list."
        return false
    }

    private func show(_ error: any Error) {
        fieldErrors = (error as? KindredError)?.fieldErrors ?? [:]
        self.error = error.localizedDescription
    }

    private func keep() async {
        guard let profileID else { return }
        await context.keep(circles, as: .circles(profileID))
    }
}
