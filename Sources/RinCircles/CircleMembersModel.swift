import Foundation
import Observation
import RinCore

/// One circle's members, most recently added first, page by page: contacts of my book and Rin
/// people added by username. Nobody is told either way. Taking someone out shows at once and goes
/// through the queue, so it waits offline; the count stays right meanwhile. Contacts and Public
/// have no members listed (theirs are computed) and take no additions.
@MainActor @Observable
public final class CircleMembersModel {
    public let circleID: UUID
    /// The circle as the server last listed it (name, kind, template).
    public private(set) var circle: RinCircle?
    public private(set) var members: [RinCircleMember] = []
    public private(set) var nextCursor: String?
    /// How many are in it, kept right as people come and go; nil for Contacts and Public.
    public private(set) var memberCount: Int?
    /// The circle is not one of the acting profile's (deleted, or another profile's).
    public private(set) var isMissing = false
    /// Members whose removal waits in the queue (already left out of `members`).
    public private(set) var waiting: Set<UUID> = []
    /// What the "add by username" field says is wrong.
    public private(set) var usernameError: String?
    public private(set) var error: String?

    public static let noSuchUsername = "No one with that username."
    public static let missingCircle = "This circle isn't one of this profile's. It may have been deleted."
    /// `addRinCircleMembers` takes at most this many ids of each kind at once (openapi.yaml).
    static let idsPerCall = 100
    /// The longest username `findRinPerson` takes (openapi.yaml): a longer one is nobody's.
    static let maxUsernameLength = 20

    private let context: RinContext
    private let pageSize: Int?

    /// - Parameter pageSize: members a page holds; nil leaves it to the server.
    public init(context: RinContext, circleID: UUID, pageSize: Int? = nil) {
        self.context = context
        self.circleID = circleID
        self.pageSize = pageSize
    }

    public var hasMore: Bool { nextCursor != nil }
    public var canAddMembers: Bool { circle.map { !$0.isSystem } ?? false }

    /// Where a member opens: a contact in Contacts; a Rin person has no screen yet.
    public func route(for member: RinCircleMember) -> RinRoute? {
        member.contactId.map(RinRoute.contact)
    }

    /// The circle and the first page of its members.
    public func load() async {
        guard let (_, profile) = await context.scope() else {
            error = context.error ?? "Rin has not started: sign in again."
            return
        }
        do {
            guard let found = try await context.session.rinCircles(of: profile).first(where: { $0.id == circleID }) else {
                (circle, members, nextCursor, memberCount, isMissing, error) = (nil, [], nil, nil, true, Self.missingCircle)
                return
            }
            let page = try await context.session.rinCircleMembers(circleID, limit: pageSize)
            waiting = await queuedRemovals()
            (circle, isMissing, error) = (found, false, nil)
            members = page.items.filter { !waiting.contains($0.id) }
            nextCursor = page.nextCursor
            memberCount = found.memberCount.map { max($0 - waiting.count, 0) }
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func loadMore() async {
        guard let cursor = nextCursor else { return }
        do {
            let page = try await context.session.rinCircleMembers(circleID, limit: pageSize, cursor: cursor)
            let shown = Set(members.map(\.id))
            members += page.items.filter { !shown.contains($0.id) && !waiting.contains($0.id) }
            nextCursor = page.nextCursor
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    // MARK: - Adding

    /// Adds contacts of the book (those already in stay as they were). Needs the server: the
    /// members' ids are its.
    @discardableResult
    public func add(contacts ids: [UUID]) async -> Bool {
        var seen: Set<UUID> = []
        let wanted = ids.filter { seen.insert($0).inserted }
        guard !wanted.isEmpty else { return true }
        guard mayAdd() else { return false }
        var failure: (any Error)?
        for start in stride(from: 0, to: wanted.count, by: Self.idsPerCall) {
            let batch = Array(wanted[start..<min(start + Self.idsPerCall, wanted.count)])
            do {
                take(try await context.session.addRinCircleMembers(circleID, contacts: batch))
            } catch {
                // The batches before this one were added; they stay shown and counted.
                failure = error
                break
            }
        }
        error = failure?.localizedDescription
        await recount()
        return failure == nil
    }

    /// Adds someone on Rin by their Kindred username (`@` and spaces around it allowed). Someone
    /// who does not exist, has never opened Rin, or keeps their name from this profile is one
    /// answer: `noSuchUsername`, which tells none of them apart.
    @discardableResult
    public func add(username text: String) async -> Bool {
        usernameError = nil
        var username = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if username.hasPrefix("@") { username.removeFirst() }
        guard !username.isEmpty else {
            usernameError = "Type their username."
            return false
        }
        guard mayAdd(), let (_, profile) = await context.scope() else { return false }
        guard username.count <= Self.maxUsernameLength else {
            usernameError = Self.noSuchUsername
            return false
        }
        let person: RinPersonView
        do {
            person = try await context.session.findRinPerson(username: username, actingAs: profile)
        } catch let error as KindredError where error.status == 404 {
            usernameError = Self.noSuchUsername
            return false
        } catch {
            self.error = error.localizedDescription
            return false
        }
        do {
            take(try await context.session.addRinCircleMembers(circleID, profiles: [person.profileId]))
        } catch {
            self.error = error.localizedDescription
            return false
        }
        error = nil
        await recount()
        return true
    }

    // MARK: - Removing

    /// Takes a member out at once; the change waits in the queue when offline, and comes back
    /// only if the server refuses it for good.
    @discardableResult
    public func remove(_ memberID: UUID) async -> Bool {
        guard let index = members.firstIndex(where: { $0.id == memberID }) else { return false }
        let member = members.remove(at: index)
        memberCount = memberCount.map { max($0 - 1, 0) }
        switch await context.submit(.removeCircleMember(circle: circleID, member: memberID)) {
        case .sent:
            error = nil
            await keepCount()
            return true
        case .waiting:
            waiting.insert(memberID)
            await keepCount()
            return true
        case .refused(let words, _):
            members.insert(member, at: min(index, members.count))
            memberCount = memberCount.map { $0 + 1 }
            error = words
            return false
        }
    }

    // MARK: - Private

    private func mayAdd() -> Bool {
        if let circle, circle.isSystem {
            error = CircleRules.nobodyIsAddedToSystemCircles
            return false
        }
        return true
    }

    /// Puts members the server answered with at the top, newest first; those already listed stay
    /// where they are.
    private func take(_ added: [RinCircleMember]) {
        var shown = Set(members.map(\.id))
        let new = added.filter { shown.insert($0.id).inserted }.sorted { $0.addedAt > $1.addedAt }
        members.insert(contentsOf: new, at: 0)
        memberCount = memberCount.map { $0 + new.count }
    }

    /// The server's count (a person added twice is one member; a hidden one is not counted).
    private func recount() async {
        guard let profile = context.profileID else { return }
        do {
            if let found = try await context.session.rinCircles(of: profile).first(where: { $0.id == circleID }) {
                circle = found
                let removals = await queuedRemovals()
                memberCount = found.memberCount.map { max($0 - removals.count, 0) }
            }
        } catch {
            // The count added on the device stays; the members themselves were added.
        }
        await keepCount()
    }

    private func queuedRemovals() async -> Set<UUID> {
        Set(await context.queue.pending.compactMap { entry in
            if case .removeCircleMember(circleID, let member) = entry.mutation { member } else { nil }
        })
    }

    /// The list of circles this device keeps opens with the new count.
    private func keepCount() async {
        guard let profile = context.profileID,
              var circles = await context.kept([RinCircle].self, as: .circles(profile)),
              let index = circles.firstIndex(where: { $0.id == circleID }), circles[index].memberCount != memberCount
        else { return }
        circles[index].memberCount = memberCount
        // A stale count is put right by the next load of the list.
        await context.keep(circles, as: .circles(profile))
    }
}
