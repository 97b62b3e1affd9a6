import Foundation
import KindredTestSupport
import RinContacts
import Testing
@testable import KindredServer

/// Rin's Contacts feature: its models over RinCore, against a real server running in-process.
@MainActor
@Suite("Rin Contacts: home, list, detail, editor and imports")
struct RinContactsTests {
    // MARK: - Imports

    @Test func aFileWithDuplicatesIsImportedLiveToDoneWithItsCounts() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let imports = ImportModel(context: ada.context)
            let home = ContactsHomeModel(context: ada.context)
            await home.load()
            #expect(home.isEmpty && home.summary == "0 contacts" && !home.isCached)
            await imports.loadImports()
            #expect(imports.imports.isEmpty)
            let listening = [Task { await imports.followChanges() }, Task { await home.followChanges() }]
            try await ada.listening(kindred, count: 1)  // two screens follow events over one socket

            // A broken file is refused whole, in the server's words naming its line.
            let broken = Data("First Name,Last Name,E-mail 1 - Value\r\nAda,Lovelace,ada@example.com\r\nGrace,\"Hopper,grace@example.com\r\n".utf8)
            #expect(await imports.start(file: broken, name: "broken.csv") == nil)
            let refusal = try #require(imports.fileError)
            #expect(refusal.contains("3"), "\(refusal)")
            #expect(await imports.start(file: Data(), name: "empty.vcf") == nil && imports.fileError == "That file is empty.")

            // act: the book goes in; only events move it on from here
            ada.network.offline = true
            #expect(await imports.start(file: RinContactsFixtures.book, name: "book.vcf") == nil && imports.canRetry)
            #expect(imports.fileError == "Kindred could not be reached. Check your connection.")
            ada.network.offline = false
            let started = try #require(await imports.retry(), "\(imports.fileError ?? "")")
            #expect(started.total == 9 && started.source == .vcard && !imports.importedBefore && !imports.canRetry)
            #expect(imports.phaseText?.hasPrefix("Step") == true || imports.phase == .done)
            try await eventually(timeout: .seconds(180)) { await MainActor.run { imports.phase == .done || imports.phase == .failed } }

            // validate: the counts, as the events brought them
            let done = try #require(imports.current)
            #expect(done.phase == .done && done.processed == 9 && done.createdContacts == 9, "\(done)")
            #expect(done.merged == 2, "Ada and Grace")
            #expect(done.suggested == 2, "the Alans and the Charleses")
            #expect(done.conflicts == 2, "Grace's merge: \"Grace\" or \"G.\", in the first and the shown name")
            #expect(imports.progress == 1 && imports.waitingForReview == 4)
            #expect(imports.phaseText == "Done: 9 contacts in the file, all through.")
            #expect(imports.imports.map(\.id) == [started.id])
            #expect(ContactsWords.importSummary(done) == "Done · 9 added, 2 merged")
            // The home read the book again when the import said it was done.
            try await eventually { await MainActor.run { home.home?.total == 7 } }
            #expect(home.waitingForReview == 4 && home.runningImport == nil)
            #expect(home.reviewSummary == "2 possible duplicates · 2 fields with two values")

            // act: the same file again is the same import
            await imports.loadImports()
            let again = try #require(await imports.start(file: RinContactsFixtures.book, name: "book.vcf"))
            #expect(again.id == started.id && imports.importedBefore && imports.status?.contains("nothing changed") == true)

            // act: an import that finished has nothing to resume
            await imports.resume()
            #expect(imports.current?.phase == .done && imports.error == nil)

            // act: a Google export without a name, then the list of imports a page at a time
            let csv = Data("First Name,Last Name,E-mail 1 - Value\r\nAlan,Turing,alan@bletchley.example\r\n".utf8)
            let second = try #require(await imports.start(file: csv, name: nil), "\(imports.fileError ?? "")")
            #expect(second.source == .googleCsv && ContactsWords.importName(second) == "A CSV file")
            try await eventually(timeout: .seconds(180)) { await MainActor.run { imports.current?.id == second.id && imports.phase == .done } }
            let paged = ImportModel(context: ada.context, pageSize: 1)
            await paged.loadImports()
            #expect(paged.imports.map(\.id) == [second.id] && paged.nextCursor != nil)
            await paged.loadMoreImports()
            #expect(paged.imports.map(\.id) == [second.id, started.id] && paged.nextCursor == nil)
            await paged.open(started.id)
            #expect(paged.current?.id == started.id && paged.current?.merged == 2 && paged.error == nil)
            await paged.open(UUID())
            #expect(paged.error != nil, "an import that is not mine is not found")
            await stop(listening)
        }
    }

    // MARK: - The home and the cache

    @Test func aSecondModelOnTheSameStoreShowsTheSavedHomeBeforeTheServerAnswers() async throws {
        try await withKindred(running: true) { kindred in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rin-contacts-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = RinStore(directory: directory)
            let phone = try await RinContactsDevice.make(kindred, "ada", store: store)
            let grace = try await phone.contact(.init(givenName: "Grace", familyName: "Hopper", favourite: true))
            try await phone.contact(.init(displayName: "Alan Turing", values: [.init(kind: .email, value: "alan@bletchley.example")]))
            let home = ContactsHomeModel(context: phone.context)
            await home.load()
            #expect(home.home?.total == 2 && home.home?.incomplete == 1 && home.home?.favourites.map(\.displayName) == ["Grace Hopper"])
            #expect(home.summary == "2 contacts · 1 without a phone or e-mail")
            let book = String(decoding: try #require(await home.exportAll()), as: UTF8.self)
            #expect(book.components(separatedBy: "BEGIN:VCARD").count == 3 && book.contains("alan@bletchley.example"))
            let list = ContactListModel(context: phone.context)
            await list.load()
            let detail = ContactDetailModel(context: phone.context, contactID: grace.id)
            await detail.load()

            // act: the app opens again on the same device, and the server is slow to answer
            let relaunched = try await RinContactsDevice.make(kindred, "ada", signUp: false, store: store)
            relaunched.network.hold("/contacts/home")
            let again = ContactsHomeModel(context: relaunched.context)
            let loading = Task { await again.load() }
            try await eventually { await MainActor.run { again.home != nil } }
            #expect(again.isCached && again.home?.total == 2, "the kept copy, before the server's")
            try await phone.contact(.init(displayName: "Mary Somerville"))
            try await eventually { relaunched.network.waiting(on: "/contacts/home") == 1 }
            relaunched.network.release("/contacts/home")
            await loading.value
            #expect(!again.isCached && again.home?.total == 3, "then the server's")

            // act: offline, every screen opens on what it kept
            relaunched.network.offline = true
            let offlineHome = ContactsHomeModel(context: relaunched.context)
            await offlineHome.load()
            #expect(offlineHome.isCached && offlineHome.home?.total == 3 && offlineHome.error != nil)
            let offlineList = ContactListModel(context: relaunched.context)
            await offlineList.load()
            #expect(offlineList.isCached && offlineList.contacts.map(\.displayName) == ["Alan Turing", "Grace Hopper"])
            let offlineDetail = ContactDetailModel(context: relaunched.context, contactID: grace.id)
            await offlineDetail.load()
            #expect(offlineDetail.isCached && offlineDetail.contact?.displayName == "Grace Hopper" && offlineDetail.error != nil)
        }
    }

    // MARK: - The list

    @Test func theListIsSectionedAToZSearchedFilteredAndPaged() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            try await ada.contact(.init(givenName: "Zoë", familyName: "Ångström", values: [.init(kind: .phone, label: "mobile", value: "(202) 555-0143")]))
            try await ada.contact(.init(givenName: "ada", familyName: "Lovelace", values: [.init(kind: .email, value: "Ada@Engine.Example")]))
            try await ada.contact(.init(displayName: "Émile Zola", favourite: true))
            try await ada.contact(.init(organization: "123 Plumbing"))
            try await ada.contact(.init(givenName: "伟", familyName: "张", displayName: "张伟"))
            let bob = try await ada.contact(.init(givenName: "Bob", familyName: "Babbage"))
            try await ada.contact(.init(givenName: "Alan", familyName: "Turing"))
            let friends = try #require(try await ada.session.rinCircles(of: try ada.profileID).first { $0.kind == .friends })
            try await ada.session.addRinCircleMembers(friends.id, contacts: [bob.id])

            // act: pages of two, walked to the end
            let list = ContactListModel(context: ada.context, pageSize: 2)
            await list.load()
            #expect(list.contacts.count == 2 && list.hasMore)
            var pages = 1
            while list.hasMore, pages < 10 {
                await list.loadMore()
                pages += 1
            }
            #expect(pages == 4)
            #expect(list.contacts.map(\.displayName) == ["ada Lovelace", "Alan Turing", "Bob Babbage", "Émile Zola", "Zoë Ångström", "123 Plumbing", "张伟"])
            #expect(list.sections.map(\.letter) == ["A", "B", "E", "Z", "#"], "the # section comes last")
            #expect(list.sections.first?.contacts.map(\.displayName) == ["ada Lovelace", "Alan Turing"])
            #expect(list.sections.last?.contacts.map(\.displayName) == ["123 Plumbing", "张伟"])

            // act: search by a folded accented name, a phone's digits however typed, an e-mail
            await list.search("emile")
            #expect(list.contacts.map(\.displayName) == ["Émile Zola"] && list.isNarrowed)
            await list.search("  ÅNGSTRÖM ")
            #expect(list.contacts.map(\.displayName) == ["Zoë Ångström"] && list.query == "ÅNGSTRÖM")
            await list.search("555.0143")
            #expect(list.contacts.map(\.displayName) == ["Zoë Ångström"])
            await list.search("engine.example")
            #expect(list.contacts.map(\.displayName) == ["ada Lovelace"])
            await list.search("nobody here")
            #expect(list.contacts.isEmpty && list.emptyText == "No contacts match “nobody here”.")

            // act: an older search's answer arrives after a newer one's
            ada.network.slow("q=zola", by: .milliseconds(600))
            let older = Task { await list.search("zola") }
            let network = ada.network
            try await eventually { network.sentPaths.contains { $0.contains("q=zola") } }
            await list.search("turing")
            #expect(list.contacts.map(\.displayName) == ["Alan Turing"])
            await older.value
            #expect(list.query == "turing" && list.contacts.map(\.displayName) == ["Alan Turing"], "the late answer is not shown")

            // act: favourites, then a circle, then everyone again
            await list.search("")
            await list.setFilter(.favourites)
            #expect(list.contacts.map(\.displayName) == ["Émile Zola"])
            await list.loadCircles()
            #expect(list.circles.contains { $0.id == friends.id } && !list.circles.contains { $0.isSystem })
            await list.setFilter(.circle(friends.id))
            #expect(list.contacts.map(\.displayName) == ["Bob Babbage"])
            await list.setFilter(.all)
            #expect(list.contacts.count == 2 && !list.isNarrowed && list.error == nil)
            // A contact deleted or merged elsewhere leaves the list at once.
            let first = try #require(list.contacts.first)
            list.remove(first.id)
            #expect(list.contacts.count == 1 && !list.contacts.contains { $0.id == first.id })
        }
    }

    @Test func aFavouriteMadeOfflineShowsAtOnceAndReachesTheServerLater() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let grace = try await ada.contact(.init(givenName: "Grace", familyName: "Hopper"))
            try await ada.contact(.init(givenName: "Alan", familyName: "Turing"))
            let list = ContactListModel(context: ada.context)
            await list.load()
            #expect(list.contacts.map(\.favourite) == [false, false])

            // act: starred with no connection
            ada.network.offline = true
            await list.toggleFavourite(grace.id)
            #expect(list.contacts.first { $0.id == grace.id }?.favourite == true)
            #expect(await ada.context.pendingChanges == 1 && ada.context.refusedChanges.isEmpty)
            // Reading the list again (still offline, then from the server before the queue is
            // sent) keeps showing the star.
            await list.load()
            #expect(list.contacts.first { $0.id == grace.id }?.favourite == true)
            ada.network.offline = false
            #expect(try await ada.session.rinContact(grace.id).favourite == false)
            let fresh = ContactListModel(context: ada.context)
            await fresh.load()
            #expect(fresh.contacts.first { $0.id == grace.id }?.favourite == true, "the queued change lies over the server's answer")

            // act: back online, the queue is sent
            await ada.context.sync()
            #expect(await ada.context.pendingChanges == 0)
            #expect(try await ada.session.rinContact(grace.id).favourite)
            await list.setFilter(.favourites)
            #expect(list.contacts.map(\.displayName) == ["Grace Hopper"])
            // Unstarred in the favourites list: it leaves the list at once.
            await list.toggleFavourite(grace.id)
            #expect(list.contacts.isEmpty)
            #expect(try await ada.session.rinContact(grace.id).favourite == false)
        }
    }

    // MARK: - The editor

    @Test func theEditorChecksWhatTheServerChecksAndShowsTheServersErrorsByField() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let before = ada.network.sent.count

            // validate: nothing to show
            let empty = ContactEditorModel(context: ada.context, editing: nil)
            #expect(empty.heading == "New contact" && empty.values.map(\.kind) == [.phone, .email])
            #expect(await empty.save() == false)
            #expect(empty.fieldErrors == [.givenName: "Give the contact a name, an organisation, a phone or an e-mail."])
            #expect(empty.error == "Please fix the highlighted fields.")
            empty.displayName = "   "
            #expect(!empty.validate() && empty.fieldErrors[.givenName] != nil)

            // validate: lengths, controls, labels, how many values
            let editor = ContactEditorModel(context: ada.context, editing: nil)
            editor.givenName = String(repeating: "a", count: 501)
            editor.familyName = "Hopper\u{202E}"
            editor.note = String(repeating: "n", count: 5001)
            editor.birthday = String(repeating: "1", count: 101)
            editor.organization = "Navy\u{0}"
            editor.values[0].value = "+1 202 555 0101"
            editor.values[0].label = String(repeating: "l", count: 41)
            #expect(!editor.validate())
            #expect(editor.fieldErrors == [.givenName: "At most 500 characters.",
                                           .familyName: "Remove the text-direction control characters from this text.",
                                           .note: "At most 5000 characters.", .birthday: "At most 100 characters.",
                                           .organization: "Remove the control characters (such as NUL) from this text."])
            #expect(editor.valueErrors == [editor.values[0].id: "At most 40 characters."])
            (editor.givenName, editor.familyName, editor.note, editor.birthday, editor.organization) = ("Grace", "Hopper", "Met at the\nnavy yard", "1906-12-09", "")
            editor.values[0].label = "mobile"
            for n in 0..<201 { editor.values.append(.init(kind: .email, value: "grace\(n)@navy.example")) }
            #expect(!editor.validate() && editor.fieldErrors == [.values: "A contact holds at most 200 values."])
            #expect(ada.network.sent.count == before, "nothing was sent")

            // act: a good contact is made
            editor.values.removeLast(201)
            editor.values[1].value = "grace@navy.example"
            let stray = editor.addValue(.address)
            editor.removeValue(stray)
            #expect(!editor.values.contains { $0.kind == .address })
            let website = editor.addValue(.url)
            #expect(editor.values.first { $0.id == website }?.isPrimary == true, "the first of its kind is its primary")
            let second = editor.addValue(.email)
            #expect(editor.values.first { $0.id == second }?.isPrimary == false)
            editor.values[editor.values.firstIndex { $0.id == second }!].value = "amazing@grace.example"
            editor.makePrimary(second)
            #expect(editor.values.filter { $0.kind == .email && $0.isPrimary }.map(\.id) == [second])
            #expect(await editor.save(), "\(editor.fieldErrors) \(editor.error ?? "")")
            let grace = try #require(editor.saved)
            #expect(grace.displayName == "Grace Hopper" && grace.birthday == "1906-12-09" && grace.note == "Met at the\nnavy yard")
            #expect(grace.values.map(\.value) == ["+1 202 555 0101", "grace@navy.example", "amazing@grace.example"], "the empty website row was left out")
            #expect(!editor.savedOffline)

            // act: another device takes the card's values away; this one, not knowing, clears
            // the name: the server refuses, and its words land by the name
            try await ada.session.updateRinContact(grace.id, .init(values: []))
            let stale = ContactEditorModel(context: ada.context, editing: grace)
            #expect(stale.heading == "Edit Grace Hopper" && stale.displayName.isEmpty, "a built name is not a typed one")
            (stale.givenName, stale.familyName) = ("", " ")
            #expect(stale.validate(), "this device still sees a phone")
            #expect(await stale.save() == false)
            #expect(stale.fieldErrors == [.givenName: "A contact keeps a name, an organisation, a phone or an e-mail."])
            #expect(stale.error == "Please fix the highlighted fields.")
            #expect(try await ada.session.rinContact(grace.id).displayName == "Grace Hopper")

            // act: an edit sends only what changed
            let edit = ContactEditorModel(context: ada.context, editing: try await ada.session.rinContact(grace.id))
            #expect(!edit.hasChanges)
            edit.nickname = "Amazing Grace"
            edit.note = ""
            #expect(edit.hasChanges)
            #expect(await edit.save())
            let edited = try await ada.session.rinContact(grace.id)
            #expect(edited.nickname == "Amazing Grace" && edited.note == nil && edited.birthday == "1906-12-09")
        }
    }
}
