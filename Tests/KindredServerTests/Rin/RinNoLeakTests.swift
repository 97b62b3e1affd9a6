import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import VaporTesting
@testable import KindredServer

/// Every Rin operation, called by a stranger with the ids of someone else's things: each answers
/// as if the thing did not exist (404), the two that show people show only what Public shows (a
/// name: an alternate's id, held, shows its name as any profile's does; it is left out of search),
/// no answer carries anything of the owner's, and nothing of the owner's changes.
@Suite("Rin: nothing of another person's is reached through any operation")
struct RinNoLeakTests {
    typealias Schemas = Components.Schemas

    /// Words only Ada's private things hold; none may appear in anything Bea gets back.
    static let sentinels = ["Zebedee", "Quentin", "Ursula", "sentinel@ada.example", "+442079460018", "Sentinel Club",
                            "hidden note", "secret-book.vcf"]

    @Test func aStrangerWithEveryIdOfMineGetsNothing() async throws {
        try await withKindred { kindred in
            let ada = try await kindred.signUp("ada")
            let bea = try await kindred.signUp("bea")
            let book = try await kindred.rinPrimary(ada)
            let beaBook = try await kindred.rinPrimary(bea)
            func post(_ path: String, _ json: any Encodable & Sendable) async throws -> TestingHTTPResponse {
                let response = try await kindred.send(.POST, path, token: ada.accessToken, json: json)
                #expect(response.status.code < 300, "\(path): \(response.body.string)")
                return response
            }

            // Ada's things: an alternate, fields, a circle with a member, contacts, an import
            // with a merge and a suggestion, a manual merge with a conflict, an ask to her.
            let alternate = try await post("/rin/profiles", ["kind": "professional", "displayName": "A. Sentinel Works"])
                .decode(Schemas.RinProfileDetail.self).profile.id
            let phone = try await kindred.rinField(ada, book, "phone", "mobile", "+44 20 7946 0018")
            _ = try await kindred.rinField(ada, book, "email", "home", "sentinel@ada.example")
            let circle = try await post("/rin/profiles/\(book)/circles", ["name": "Sentinel Club"]).decode(Schemas.RinCircle.self).id
            let zebedee = try await post("/rin/profiles/\(book)/contacts", ["displayName": "Zebedee", "note": "hidden note"])
                .decode(Schemas.RinContactDetail.self).id
            let member = try await post("/rin/circles/\(circle)/members", ["contactIds": [zebedee]])
                .decode(Schemas.RinCircleMemberList.self).items[0].id
            let quentins = RinImportTests.card("N:Q;Quentin;;;\nFN:Quentin Q\nEMAIL:q@example.org")
                + RinImportTests.card("N:Q;Quentin;;;\nFN:Quentin Q\nEMAIL:Q@example.org\nNOTE:hidden note")
                + RinImportTests.card("N:Turing;Alan;;;\nFN:Alan Turing\nORG:Bletchley Park")
                + RinImportTests.card("N:Turing;Alan;;;\nFN:Alan Turing\nORG:Bletchley Park\nNOTE:hidden note")
            let upload = try await kindred.send(.POST, "/rin/profiles/\(book)/imports?name=secret-book.vcf", token: ada.accessToken,
                                                bytes: Array(quentins.utf8), headers: ["Content-Type": "application/octet-stream"])
            let imported = try await RinImportTests.finished(kindred, ada, try upload.decode(Schemas.RinImport.self).id)
            #expect(imported.merged == 1 && imported.suggested == 1)
            let suggestion = try #require(try await kindred.send(.GET, "/rin/profiles/\(book)/suggestions", token: ada.accessToken)
                .decode(Schemas.RinSuggestionPage.self).items.first).id
            let ursula = try await post("/rin/profiles/\(book)/contacts", ["displayName": "Ursula", "birthday": "1900-01-01"])
                .decode(Schemas.RinContactDetail.self).id
            let other = try await post("/rin/profiles/\(book)/contacts", ["displayName": "Ursula", "birthday": "1900-01-02"])
                .decode(Schemas.RinContactDetail.self).id
            let merge = try await post("/rin/contacts/\(ursula)/merge", ["otherId": other]).decode(Schemas.RinMergeResult.self).merge.id
            let conflict = try #require(try await kindred.send(.GET, "/rin/profiles/\(book)/conflicts", token: ada.accessToken)
                .decode(Schemas.RinConflictPage.self).items.first).id
            let friends = try await kindred.rinCircle(ada, book, .friends)
            let cy = try await kindred.signUp("cyrus")
            try await kindred.rinAddMembers(ada, circle: friends.id, [try await kindred.rinPrimary(cy)])
            let address = try await kindred.rinField(ada, book, "address", "home", "1 Hidden Lane")
            let asked = try await kindred.send(.POST, "/rin/people/\(book)/asks", token: cy.accessToken, json: ["fieldKey": address.key])
            #expect(asked.status == .ok, "\(asked.body.string)")
            let ask = try #require(try await kindred.send(.GET, "/rin/profiles/\(book)/asks", token: ada.accessToken)
                .decode(Schemas.RinIncomingAskPage.self).items.first).id
            // Cyrus, a friend who sees her mobile, says it is his.
            let disputed = try await kindred.send(.POST, "/rin/people/\(book)/disputes", token: cy.accessToken,
                                                  json: ["fieldKey": phone.key, "statement": "SENTINEL: that number is mine."])
            #expect(disputed.status == .created, "\(disputed.body.string)")
            let dispute = try disputed.decode(Schemas.RinDispute.self).id

            let shared = try await kindred.send(.GET, "/rin/profiles/\(alternate)/share-link", token: ada.accessToken)
                .decode(Schemas.RinShareLink.self).token
            // Ada blocked a card of someone else's: her block is hers alone.
            let dora = try await kindred.signUp("dora")
            let adasBlock = try await kindred.send(.POST, "/rin/people/\(try await kindred.rinPrimary(dora))/block", token: ada.accessToken)
                .decode(Schemas.RinBlock.self).id
            let views = ["/rin/profiles/\(book)/contacts/home", "/rin/profiles/\(book)/contacts?limit=100", "/rin/profiles/\(book)/circles",
                         "/rin/profiles/\(book)/policies", "/rin/profiles/\(book)", "/rin/profiles/\(alternate)", "/rin/profiles/\(book)/merges",
                         "/rin/profiles/\(book)/suggestions", "/rin/profiles/\(book)/conflicts", "/rin/profiles/\(book)/asks",
                         "/rin/circles/\(circle)/members", "/rin/contacts/\(zebedee)", "/rin/profiles/\(book)/imports"]
            func adasBook() async throws -> [String] {
                var pages: [String] = []
                for path in views { pages.append(try await kindred.send(.GET, path, token: ada.accessToken).body.string) }
                return pages
            }
            let before = try await adasBook()

            let vcard = RinImportTests.card("FN:Intruder")
            let calls: [(id: String, method: HTTPMethod, path: String, json: String?)] = [
                ("getRinProfile", .GET, "/rin/profiles/\(alternate)", nil),
                ("updateRinProfile", .PATCH, "/rin/profiles/\(alternate)", #"{"bio":"mine now"}"#),
                ("deleteRinProfile", .DELETE, "/rin/profiles/\(alternate)", nil),
                ("createRinProfileField", .POST, "/rin/profiles/\(book)/fields", #"{"kind":"email","value":"x@example.org"}"#),
                ("updateRinProfileField", .PATCH, "/rin/profiles/\(book)/fields/\(phone.id)", #"{"value":"+1 202 555 0100"}"#),
                ("deleteRinProfileField", .DELETE, "/rin/profiles/\(book)/fields/\(phone.id)", nil),
                ("listRinCircles", .GET, "/rin/profiles/\(book)/circles", nil),
                ("createRinCircle", .POST, "/rin/profiles/\(book)/circles", #"{"name":"Mine"}"#),
                ("updateRinCircle", .PATCH, "/rin/circles/\(circle)", #"{"name":"Mine"}"#),
                ("deleteRinCircle", .DELETE, "/rin/circles/\(circle)", nil),
                ("listRinCircleMembers", .GET, "/rin/circles/\(circle)/members", nil),
                ("addRinCircleMembers", .POST, "/rin/circles/\(circle)/members", #"{"profileIds":["\#(beaBook)"]}"#),
                ("removeRinCircleMember", .DELETE, "/rin/circles/\(circle)/members/\(member)", nil),
                ("getRinPolicyGrid", .GET, "/rin/profiles/\(book)/policies", nil),
                ("updateRinPolicies", .PUT, "/rin/profiles/\(book)/policies", #"{"cells":[{"circleId":"\#(circle)","fieldKey":"name","access":"allow"}]}"#),
                ("resetRinPolicies", .DELETE, "/rin/circles/\(circle)/policies", nil),
                ("previewRinProfile", .GET, "/rin/profiles/\(book)/preview?viewer=profile:\(beaBook)", nil),
                ("listRinContacts", .GET, "/rin/profiles/\(book)/contacts", nil),
                ("createRinContact", .POST, "/rin/profiles/\(book)/contacts", #"{"displayName":"Intruder"}"#),
                ("getRinContactsHome", .GET, "/rin/profiles/\(book)/contacts/home", nil),
                ("exportRinContacts", .GET, "/rin/profiles/\(book)/contacts/vcard", nil),
                ("getRinContact", .GET, "/rin/contacts/\(zebedee)", nil),
                ("getRinContact", .GET, "/rin/contacts/\(other)", nil),
                ("updateRinContact", .PATCH, "/rin/contacts/\(zebedee)", #"{"title":"Owned"}"#),
                ("deleteRinContact", .DELETE, "/rin/contacts/\(zebedee)", nil),
                ("linkRinContact", .PUT, "/rin/contacts/\(zebedee)/link", #"{"username":"bea"}"#),
                ("unlinkRinContact", .DELETE, "/rin/contacts/\(zebedee)/link", nil),
                ("exportRinContact", .GET, "/rin/contacts/\(zebedee)/vcard", nil),
                ("listRinImports", .GET, "/rin/profiles/\(book)/imports", nil),
                ("createRinImport", .POST, "/rin/profiles/\(book)/imports", nil),
                ("getRinImport", .GET, "/rin/imports/\(imported.id)", nil),
                ("resumeRinImport", .POST, "/rin/imports/\(imported.id)/resume", nil),
                ("listRinSuggestions", .GET, "/rin/profiles/\(book)/suggestions", nil),
                ("mergeRinSuggestion", .POST, "/rin/suggestions/\(suggestion)/merge", nil),
                ("dismissRinSuggestion", .POST, "/rin/suggestions/\(suggestion)/dismiss", nil),
                ("mergeRinContacts", .POST, "/rin/contacts/\(zebedee)/merge", #"{"otherId":"\#(ursula)"}"#),
                ("listRinMerges", .GET, "/rin/profiles/\(book)/merges", nil),
                ("undoRinMerge", .POST, "/rin/merges/\(merge)/undo?discardEdits=true", nil),
                ("listRinConflicts", .GET, "/rin/profiles/\(book)/conflicts", nil),
                ("resolveRinConflict", .POST, "/rin/conflicts/\(conflict)/resolve", #"{"choice":1}"#),
                ("listRinIncomingAsks", .GET, "/rin/profiles/\(book)/asks", nil),
                ("setRinOverride", .PUT, "/rin/profiles/\(book)/overrides", #"{"viewerProfileId":"\#(beaBook)","fieldKey":"*","access":"allow"}"#),
                ("deleteRinOverride", .DELETE, "/rin/profiles/\(book)/overrides?viewerProfileId=\(try await kindred.rinPrimary(cy))&fieldKey=*", nil),
                ("approveRinAsk", .POST, "/rin/asks/\(ask)/approve?allFields=true", nil),
                ("denyRinAsk", .POST, "/rin/asks/\(ask)/deny", nil),
                ("getRinShareLink", .GET, "/rin/profiles/\(alternate)/share-link", nil),
                ("revokeRinShareLink", .DELETE, "/rin/profiles/\(alternate)/share-link", nil),
                ("unblockRinProfile", .DELETE, "/rin/blocks/\(adasBlock)", nil),
                ("getRinDispute", .GET, "/rin/disputes/\(dispute)", nil),
                ("answerRinDispute", .POST, "/rin/disputes/\(dispute)/answer", #"{"action":"remove"}"#),
                ("withdrawRinDispute", .POST, "/rin/disputes/\(dispute)/withdraw", nil),
            ]
            // The operations about people answer, showing a stranger only what Public shows.
            let people: [(id: String, method: HTTPMethod, path: String, json: String?)] = [
                ("getRinPerson", .GET, "/rin/people/\(book)", nil),
                ("getRinPerson", .GET, "/rin/people/\(alternate)", nil),
                ("findRinPerson", .GET, "/rin/people?username=ada", nil),
                ("createRinAsk", .POST, "/rin/people/\(book)/asks", #"{"fieldKey":"\#(address.key)"}"#),
                // A detail a stranger is not shown is no detail to dispute.
                ("createRinDispute", .POST, "/rin/people/\(book)/disputes", #"{"fieldKey":"\#(phone.key)","statement":"Mine."}"#),
                // A share link is the owner's act: whoever holds it sees the card (Public here)
                // and may add it, and learns no more.
                ("getRinCard", .GET, "/rin/cards/\(shared)", nil),
                // Search finds what Public may see of discoverable profiles: her name, no more.
                ("searchRinPeople", .GET, "/rin/people/search?q=ada", nil),
                ("searchRinPeople", .GET, "/rin/people/search?q=sentinel", nil),
                // How a stranger is connected to her: no path through anyone who shows it.
                ("getRinPaths", .GET, "/rin/network/paths/\(book)", nil),
                ("getRinPaths", .GET, "/rin/network/paths/\(alternate)", nil),
                ("addRinCard", .POST, "/rin/cards/\(shared)/contact", nil),
                // Blocking is the stranger's own act on what they were shown; it tells them
                // nothing more (the label is the name Public sees), and comes last, since from
                // then on the two do not see each other.
                ("blockRinPerson", .POST, "/rin/people/\(book)/block", nil),
                ("blockRinCard", .POST, "/rin/cards/\(shared)/block", nil),
            ]

            var answers: [String] = []
            for call in calls + people {
                var headers: HTTPHeaders = [:]
                var bytes: [UInt8]?
                if let json = call.json {
                    headers.contentType = .json
                    bytes = Array(json.utf8)
                } else if call.id == "createRinImport" {
                    headers.contentType = HTTPMediaType(type: "application", subType: "octet-stream")
                    bytes = Array(vcard.utf8)
                }
                let response = try await kindred.send(call.method, call.path, token: bea.accessToken, bytes: bytes, headers: headers)
                let isPerson = people.contains { $0.path == call.path && $0.id == call.id }
                if !isPerson {
                    #expect(response.status == .notFound, "\(call.id) \(call.path): \(response.status) \(response.body.string)")
                } else if call.id == "createRinAsk" || call.id == "createRinDispute" {
                    #expect(response.status == .notFound, "a field not on Ask for a stranger is not one they can ask for")
                } else if call.id == "searchRinPeople" {
                    let found = try response.decode(Schemas.RinPersonList.self).items
                    #expect(found.allSatisfy { $0.fields.isEmpty && $0.askable.isEmpty && $0.bio == nil }, "\(response.body.string)")
                    #expect(!found.contains { $0.profileId == alternate }, "an alternate is not in search unless its owner says so")
                } else if call.id == "getRinPaths" {
                    #expect(try response.decode(Schemas.RinPathList.self).paths.isEmpty, "\(response.body.string)")
                } else if call.id == "getRinCard" {
                    let card = try response.decode(Schemas.RinCard.self)
                    #expect(card.person.fields.isEmpty && card.person.askable.isEmpty && !card.isOwn, "\(response.body.string)")
                } else if call.id == "addRinCard" || call.id.hasPrefix("blockRin") {
                    #expect(response.status == .created, "\(call.id): \(response.body.string)")
                } else {
                    let view = try response.decode(Schemas.RinPersonView.self)
                    #expect(view.fields.isEmpty && view.askable.isEmpty && view.bio == nil, "\(call.id): \(response.body.string)")
                }
                answers.append(response.body.string)
            }

            // validate: no answer held anything of Ada's, and Ada's book reads as before
            for (answer, call) in zip(answers, calls + people) {
                for secret in Self.sentinels {
                    #expect(!answer.contains(secret), "\(call.id) \(call.path) told \(secret)")
                }
            }
            #expect(try await adasBook() == before)

            // Every Rin operation of the contract was tried.
            let contract = try Contract(yaml: String(contentsOfFile: TestKindred.repositoryRoot + "/openapi.yaml", encoding: .utf8))
            let own = ["getRinSettings", "updateRinSettings", "listRinProfiles", "createRinProfile", "listRinBlocks",
                       "getRinNetwork", "listRinLinks", "getRinScore", "getRinScoreHistory",
                       "getRinSecurity", "markRinSecurityRead", "listRinSecurityItems"]  // act only on the caller's own
            let rin = Set(contract.operations.keys.filter { $0.contains("Rin") }).subtracting(own)
            #expect(rin == Set((calls + people).map(\.id)))
        }
    }
}
