import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// No field of Ada's reaches anyone past its resolved access, through any operation that can show
/// her: her person view, a lookup by username, "See as", a share card, their own linked contact
/// of her (its detail, the list, the home page and both vCard exports), a circle of theirs she is
/// in, the ask they make, her photo, and every realtime frame their devices receive meanwhile. Checked for every kind of viewer: each default circle, a
/// custom one, a linked contact, an approved asker, a stranger, and someone she blocked.
@Suite("Rin: nothing of a profile reaches any kind of viewer past a Don't Allow, through any operation")
struct RinViewerLeakTests {
    typealias Schemas = Components.Schemas

    struct Viewer {
        let name: String
        let user: TestUser
        let profile: UUID
        /// The circles of Ada's the viewer is in (Public always).
        var circles: Set<UUID>
        /// Field keys Ada approved for them alone.
        var approved: Set<String> = []
        var blocked = false
    }

    @Test func everyViewerSeesExactlyWhatResolvesToAllowAndNothingMore() async throws {
        try await withKindred(running: true) { kindred in
            let setup = try await RinVisibilityTests.setUp(kindred)
            let ada = setup.ada, book = setup.profile
            let circles = setup.circles
            let (everyone, contacts) = (try #require(circles[._public]).id, try #require(circles[.contacts]).id)
            let (family, friends, colleagues) = (try #require(circles[.family]).id, try #require(circles[.friends]).id, try #require(circles[.colleagues]).id)
            let club = try await kindred.send(.POST, "/rin/profiles/\(book)/circles", token: ada.accessToken, json: ["name": "Chess club"])
                .decode(Schemas.RinCircle.self).id
            let photo = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: MediaFixtures.png()).decode(Schemas.Media.self).id
            #expect(try await kindred.send(.PATCH, "/rin/profiles/\(book)", token: ada.accessToken, json: ["photoId": photo.uuidString]).status == .ok)
            let shareToken = try await kindred.send(.GET, "/rin/profiles/\(book)/share-link", token: ada.accessToken)
                .decode(Schemas.RinShareLink.self).token

            func newViewer(_ name: String, in chosen: [UUID]) async throws -> Viewer {
                let user = try await kindred.signUp(name)
                let profile = try await kindred.rinPrimary(user)
                for circle in chosen { try await kindred.rinAddMembers(ada, circle: circle, [profile]) }
                return Viewer(name: name, user: user, profile: profile, circles: Set(chosen + [everyone]))
            }
            var viewers = [
                Viewer(name: "grace (Friends)", user: setup.grace, profile: try #require(setup.profiles["grace"]), circles: [everyone, friends]),
                Viewer(name: "alan (Colleagues)", user: setup.alan, profile: try #require(setup.profiles["alan"]), circles: [everyone, colleagues]),
                Viewer(name: "bob (both)", user: setup.bob, profile: try #require(setup.profiles["bob"]), circles: [everyone, friends, colleagues]),
                Viewer(name: "eve (stranger)", user: setup.eve, profile: try #require(setup.profiles["eve"]), circles: [everyone]),
                try await newViewer("fay", in: [family]),
                try await newViewer("carl", in: [club]),
            ]
            // A linked contact of Ada's: in her Contacts circle through the card.
            var cal = try await newViewer("cal", in: [])
            let card = try await kindred.send(.POST, "/rin/profiles/\(book)/contacts", token: ada.accessToken, json: ["displayName": "Cal"])
                .decode(Schemas.RinContactDetail.self).id
            #expect(try await kindred.send(.PUT, "/rin/contacts/\(card)/link", token: ada.accessToken, json: ["username": "cal"]).status == .ok)
            cal.circles.insert(contacts)
            viewers.append(cal)
            // An approved asker: in Friends, asked for the address (on Ask there), and approved.
            var ann = try await newViewer("ann", in: [friends])
            let address = try #require(setup.fields["address"])
            #expect(try await kindred.send(.POST, "/rin/people/\(book)/asks", token: ann.user.accessToken, json: ["fieldKey": address.key]).status == .ok)
            let ask = try #require(try await kindred.send(.GET, "/rin/profiles/\(book)/asks", token: ada.accessToken)
                .decode(Schemas.RinIncomingAskPage.self).items.first).id
            #expect(try await kindred.send(.POST, "/rin/asks/\(ask)/approve", token: ada.accessToken).status == .noContent)
            ann.approved = [address.key]
            viewers.append(ann)
            // Someone in her Family whom she then blocked.
            var bea = try await newViewer("bea", in: [family])
            #expect(try await kindred.send(.POST, "/blocks", token: ada.accessToken, json: ["username": "bea"]).status == .created)
            bea.blocked = true
            viewers.append(bea)

            // What each field resolves to, from Ada's own grid: the most permissive of the viewer's
            // circles, an approval on top.
            let grid = try await kindred.send(.GET, "/rin/profiles/\(book)/policies", token: ada.accessToken).decode(Schemas.RinPolicyGrid.self)
            func access(_ key: String, for viewer: Viewer) -> Schemas.RinAccess {
                if viewer.blocked { return .deny }
                if viewer.approved.contains(key) { return .allow }
                let cells = grid.cells.filter { $0.fieldKey == key && viewer.circles.contains($0.circleId) }.map(\.access)
                return cells.contains(.allow) ? .allow : cells.contains(.ask) ? .ask : .deny
            }

            // Every viewer's device, and Ada's, listens while they look at her.
            let baseURL = try #require(kindred.baseURL)
            var sockets: [String: RealtimeClient] = [:]
            for viewer in viewers { sockets[viewer.name] = try await RealtimeClient.connect(kindred, baseURL: baseURL, token: viewer.user.accessToken) }
            let adaSocket = try await RealtimeClient.connect(kindred, baseURL: baseURL, token: ada.accessToken)

            for viewer in viewers {
                let token = viewer.user.accessToken
                var answers: [(label: String, body: String)] = []
                func call(_ label: String, _ method: HTTPMethod, _ path: String, json: (any Encodable & Sendable)? = nil) async throws -> TestingHTTPResponse {
                    let response = try await kindred.send(method, path, token: token, json: json)
                    answers.append((label, response.body.string))
                    return response
                }
                // Their own book: a contact of Ada's, linked by her username, and a circle she is in.
                let theirBook = viewer.profile
                let mine = try await call("createRinContact", .POST, "/rin/profiles/\(theirBook)/contacts", json: ["displayName": "My Ada"])
                let mineID = try mine.decode(Schemas.RinContactDetail.self).id
                let linked = try await call("linkRinContact", .PUT, "/rin/contacts/\(mineID)/link", json: ["username": "ada"])
                let theirCircle = try await call("createRinCircle", .POST, "/rin/profiles/\(theirBook)/circles", json: ["name": "Mathematicians"])
                    .decode(Schemas.RinCircle.self).id
                let person = try await call("getRinPerson", .GET, "/rin/people/\(book)")
                _ = try await call("findRinPerson", .GET, "/rin/people?username=ada")
                _ = try await call("addRinCircleMembers", .POST, "/rin/circles/\(theirCircle)/members", json: ["profileIds": [book]])
                _ = try await call("listRinCircleMembers", .GET, "/rin/circles/\(theirCircle)/members")
                _ = try await call("getRinContact", .GET, "/rin/contacts/\(mineID)")
                _ = try await call("listRinContacts", .GET, "/rin/profiles/\(theirBook)/contacts")
                _ = try await call("getRinContactsHome", .GET, "/rin/profiles/\(theirBook)/contacts/home")
                _ = try await call("exportRinContact", .GET, "/rin/contacts/\(mineID)/vcard")
                _ = try await call("exportRinContacts", .GET, "/rin/profiles/\(theirBook)/contacts/vcard")
                _ = try await call("getRinCard", .GET, "/rin/cards/\(shareToken)")
                #expect(try await call("previewRinProfile", .GET, "/rin/profiles/\(book)/preview?viewer=public").status == .notFound)
                #expect(try await call("getRinProfile", .GET, "/rin/profiles/\(book)").status == .notFound)
                #expect(try await call("getRinPolicyGrid", .GET, "/rin/profiles/\(book)/policies").status == .notFound)
                for field in setup.fields.values {
                    _ = try await call("createRinAsk", .POST, "/rin/people/\(book)/asks", json: ["fieldKey": field.key])
                }

                // validate: a value only where it resolves to Allow, and there in their view of her
                if viewer.blocked {
                    #expect(person.status == .notFound, "\(viewer.name)")
                    #expect(linked.status == .notFound, "\(viewer.name): a block hides her from a link too")
                } else {
                    #expect(person.status == .ok, "\(viewer.name): \(person.body.string)")
                }
                let shown = person.status == .ok ? Set(try person.decode(Schemas.RinPersonView.self).fields.map(\.value)) : []
                for (name, field) in setup.fields {
                    let allowed = access(field.key, for: viewer) == .allow
                    #expect(shown.contains(field.value) == allowed, "\(viewer.name) and \(name): \(access(field.key, for: viewer))")
                    if !allowed {
                        for answer in answers where answer.body.contains(field.value) {
                            Issue.record("\(viewer.name) learned \(name) through \(answer.label)")
                        }
                    }
                }
                // The photo, only to those its cell allows; a URL they were given fetches it.
                let photoAllowed = access("photo", for: viewer) == .allow
                let photoURL = person.status == .ok ? try person.decode(Schemas.RinPersonView.self).photo?.url : nil
                #expect((photoURL != nil) == photoAllowed, "\(viewer.name): photo \(access("photo", for: viewer))")
                if let photoURL { #expect(try await kindred.app.testing().sendRequest(.GET, photoURL).status == .ok) }
                for answer in answers where !photoAllowed && answer.body.contains(photo.uuidString.lowercased()) {
                    Issue.record("\(viewer.name) was given Ada's photo through \(answer.label)")
                }
                for answer in answers where answer.body.contains("SENTINEL-bio") && access("bio", for: viewer) != .allow {
                    Issue.record("\(viewer.name) learned her bio through \(answer.label)")
                }
                // Exports hold only the viewer's own words about her, whatever she shows them.
                for answer in answers where answer.label.hasPrefix("export") {
                    for field in setup.fields.values { #expect(!answer.body.contains(field.value), "\(viewer.name): \(answer.label)") }
                }
            }

            // Realtime frames carry ids, never values: Ada heard of the asks, nobody of a value.
            try await eventually { adaSocket.frames.contains { $0.contains("rin.ask.requested") } }
            for (name, socket) in sockets.map({ ($0.key, $0.value) }) + [("ada", adaSocket)] {
                for frame in socket.frames {
                    for (field, value) in setup.fields.mapValues(\.value) where frame.contains(value) {
                        Issue.record("\(name)'s device was sent \(field) in \(frame)")
                    }
                    #expect(!frame.contains("SENTINEL-bio"), "\(name): \(frame)")
                }
                try await socket.close()
            }
        }
    }
}
