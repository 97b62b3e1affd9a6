import Foundation
import KindredSDK
import Observation

/// My friends and friend requests both ways: ask by username, accept, decline, cancel, unfriend.
/// Requests arrive live, and an accepted one turns into a friend (with our book) on both sides.
@MainActor @Observable
public final class FriendsModel {
    public private(set) var friends: [MemoriesFriend] = []
    public private(set) var incoming: [MemoriesFriendRequest] = []
    public private(set) var outgoing: [MemoriesFriendRequest] = []
    public private(set) var error: String?
    /// Field-precise messages from the last ask (`username`).
    public private(set) var fieldErrors: [String: String] = [:]

    private let session: KindredSession

    public init(session: KindredSession) {
        self.session = session
    }

    public func load() async {
        do {
            async let friends = session.friends()
            async let incoming = session.friendRequests(.incoming)
            async let outgoing = session.friendRequests(.outgoing)
            (self.friends, self.incoming, self.outgoing) = try await (friends.items, incoming.items, outgoing.items)
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    /// Asks `username`; if they had asked me, we are friends at once.
    public func ask(_ username: String) async {
        let username = username.trimmingCharacters(in: .whitespaces)
        guard !username.isEmpty else {
            fieldErrors = ["username": "Type a username."]
            return
        }
        do {
            switch try await session.askToBeFriends(username) {
            case .requested(let request):
                outgoing.removeAll { $0.profile.id == request.profile.id }
                outgoing.insert(request, at: 0)
            case .friends(let friend):
                add(friend)
            }
            (error, fieldErrors) = (nil, [:])
        } catch let error as KindredError {
            (self.error, fieldErrors) = (error.localizedDescription, error.fieldErrors)
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func accept(_ request: MemoriesFriendRequest) async {
        incoming.removeAll { $0.profile.id == request.profile.id }
        do {
            add(try await session.acceptFriendRequest(from: request.profile.username))
            error = nil
        } catch {
            incoming.insert(request, at: 0)
            self.error = error.localizedDescription
        }
    }

    /// Declines a request to me, or cancels mine.
    public func delete(_ request: MemoriesFriendRequest) async {
        let list = request.direction == .incoming ? \FriendsModel.incoming : \FriendsModel.outgoing
        let before = self[keyPath: list]
        if request.direction == .incoming { incoming.removeAll { $0.profile.id == request.profile.id } } else {
            outgoing.removeAll { $0.profile.id == request.profile.id }
        }
        do {
            try await session.deleteFriendRequest(with: request.profile.username)
            error = nil
        } catch {
            if request.direction == .incoming { incoming = before } else { outgoing = before }
            self.error = error.localizedDescription
        }
    }

    /// Ends a friendship; the book stays on both shelves, archived.
    public func unfriend(_ friend: MemoriesFriend) async {
        do {
            try await session.unfriend(friend.profile.username)
            friends.removeAll { $0.profile.id == friend.profile.id }
            error = nil
        } catch {
            self.error = error.localizedDescription
        }
    }

    public func followChanges() async {
        for await event in session.events() {
            switch event {
            case .memories_friend_requested(let requested):
                incoming.removeAll { $0.profile.id == requested.request.profile.id }
                incoming.insert(requested.request, at: 0)
            case .memories_book_created(let created):
                add(created.friend)
            case .memories_book_updated(let updated) where updated.book.archived:
                // Unfriended or blocked on the other side: the book stays on the shelf, the friend goes.
                friends.removeAll { $0.book.id == updated.book.id }
            default:
                continue
            }
        }
    }

    private func add(_ friend: MemoriesFriend) {
        incoming.removeAll { $0.profile.id == friend.profile.id }
        outgoing.removeAll { $0.profile.id == friend.profile.id }
        friends.removeAll { $0.profile.id == friend.profile.id }
        friends.insert(friend, at: 0)
    }
}
