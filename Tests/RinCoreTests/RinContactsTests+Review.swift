import Foundation
import KindredTestSupport
import RinContacts
import Testing
@testable import KindredServer

/// Review over an imported book with duplicates, against a real server running in-process.
@MainActor
@Suite("Rin Contacts: Review")
struct RinContactsReviewTests {
    @Test func reviewMergesDismissesResolvesAndUndoesWithConfirmationAfterAnEdit() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let imported = try await RinContactsFixtures.imported(ada)
            #expect(imported.merged == 2 && imported.suggested == 2)
            let review = ReviewModel(context: ada.context)
            await review.load()
            #expect(review.error == nil)
            // Grace's sure merge left two names to choose between ("Grace" or "G.").
            #expect(review.waitingSuggestions == 2 && review.waitingConflicts == 2)
            #expect(Set(review.conflicts.map(\.field)) == [.givenName, .displayName] && review.conflicts.allSatisfy { $0.contactName == "Grace Hopper" },
                    "\(review.conflicts)")
            #expect(review.summary == "2 possible duplicates · 2 fields with two values")
            #expect(Set(review.merges.map(\.absorbedName)) == ["Ada Lovelace", "G. Hopper"] && review.merges.allSatisfy { $0.kind == .auto })
            #expect(review.merges.allSatisfy { ContactsWords.mergeHow($0).hasPrefix("Merged by an import, ") })

            // validate: a page at a time, every list comes whole
            let paged = ReviewModel(context: ada.context, pageSize: 1)
            await paged.load()
            #expect(paged.suggestions.count == 1 && paged.conflicts.count == 1 && paged.merges.count == 1)
            await paged.loadMoreSuggestions()
            await paged.loadMoreConflicts()
            await paged.loadMoreMerges()
            #expect(Set(paged.suggestions.map(\.id)) == Set(review.suggestions.map(\.id)) && paged.suggestionsCursor == nil)
            #expect(Set(paged.conflicts.map(\.id)) == Set(review.conflicts.map(\.id)) && paged.conflictsCursor == nil)
            #expect(Set(paged.merges.map(\.id)) == Set(review.merges.map(\.id)) && paged.mergesCursor == nil && paged.error == nil)

            // validate: why each pair may be one person, in words
            let charles = try #require(review.suggestions.first { $0.contacts[0].displayName == "Charles Babbage" })
            let alans = try #require(review.suggestions.first { $0.contacts[0].displayName == "Alan Turing" })
            let charlesWhy = review.evidence(of: charles)
            #expect(charlesWhy.map(\.text).contains("Same phone: +442079460958"))
            #expect(charlesWhy.map(\.text).contains { $0.hasPrefix("Same name (") })
            #expect(charlesWhy.last == .init(kind: .birthday, text: "Different birthdays: merging keeps both for you to choose", isWarning: true))
            #expect(review.confidence(of: charles) == "85% sure")
            let alansWhy = review.evidence(of: alans).map(\.text)
            #expect(alansWhy.contains("Same organisation: Bletchley Park") && !alansWhy.contains { $0.hasPrefix("Same phone") })
            #expect(!review.evidence(of: alans).contains { $0.isWarning })

            // act: not now hides the Alans for this visit only
            review.notNow(alans)
            #expect(review.suggestions.map(\.id) == [charles.id] && review.status?.hasPrefix("Hidden for now") == true)
            await review.load()
            #expect(review.suggestions.map(\.id) == [charles.id])

            // act: the Charleses are one person; their two birthdays wait for a choice
            let merged = try #require(await review.merge(charles))
            #expect(merged.merge.kind == .accepted && merged.contact.birthday == "1791-12-26")
            #expect(review.status == "Merged: Charles Babbage is one contact now. Undo it under Merges below.")
            #expect(review.suggestions.isEmpty && review.merges.contains { $0.id == merged.merge.id })
            let conflict = try #require(review.conflicts.first { $0.field == .birthday })
            #expect(review.conflicts.count == 3 && review.waitingConflicts == 3)
            #expect(conflict.contactName == "Charles Babbage" && conflict.options.map(\.value) == ["1791-12-26", "1792-12-26"])
            let resolved = try #require(await review.resolve(conflict, choice: 1))
            #expect(resolved.birthday == "1792-12-26" && review.conflicts.count == 2 && review.waitingConflicts == 2)
            #expect(review.status == "Charles Babbage keeps “1792-12-26” as the birthday.")

            // act: Review opened again shows the Alans; they are different people
            let again = ReviewModel(context: ada.context)
            await again.load()
            let alansAgain = try #require(again.suggestions.first)
            #expect(again.suggestions.map(\.id) == [alans.id])
            #expect(await again.dismiss(alansAgain))
            #expect(again.suggestions.isEmpty && again.waitingSuggestions == 0)
            #expect(again.status == "Alan Turing and Alan Turing stay apart; Rin won’t suggest them again.")
            await again.load()
            #expect(again.suggestions.isEmpty && again.summary == "0 possible duplicates · 2 fields with two values")

            // act: undo the import's merge of Grace
            let grace = try #require(again.merges.first { $0.absorbedName == "G. Hopper" })
            let undone = try #require(await again.undo(grace))
            #expect(undone.survivor.displayName == "Grace Hopper" && undone.restored.displayName == "G. Hopper")
            #expect(!again.merges.contains { $0.id == grace.id } && again.status == "Grace Hopper and G. Hopper are two contacts again.")
            #expect(again.conflicts.isEmpty && again.summary == "Nothing waits for a look.", "the merge's conflicts went with it")
            await again.setOnlyAutomatic(true)
            #expect(again.merges.map(\.absorbedName) == ["Ada Lovelace"] && again.onlyAutomatic)

            // act: Ada's card is edited after the import merged it; undoing asks first
            let adaMerge = try #require(again.merges.first)
            let editor = ContactEditorModel(context: ada.context, editing: try await ada.session.rinContact(adaMerge.survivorId))
            editor.note = "edited since the merge"
            #expect(await editor.save())
            #expect(await again.undo(adaMerge) == nil)
            #expect(again.undoNeedingConfirmation?.id == adaMerge.id && again.undoWarning?.contains("edited since") == true)
            #expect(again.merges.contains { $0.id == adaMerge.id }, "nothing was undone")
            again.cancelUndo()
            #expect(again.undoNeedingConfirmation == nil)
            #expect(await again.undo(adaMerge) == nil && again.undoNeedingConfirmation != nil)
            let confirmed = try #require(await again.confirmUndo())
            #expect(confirmed.survivor.note == nil, "the edit went with the undo")
            #expect(again.undoNeedingConfirmation == nil && again.merges.isEmpty)
            let lovelaces = try await ada.session.rinContacts(of: try ada.profileID, query: "lovelace").items
            #expect(lovelaces.map(\.displayName) == ["Ada Lovelace", "Ada Lovelace"])
        }
    }

    @Test func reviewBringsInWhatAnImportLeftWhenItEnds() async throws {
        try await withKindred(running: true) { kindred in
            let ada = try await RinContactsDevice.make(kindred, "ada")
            let review = ReviewModel(context: ada.context)
            await review.load()
            #expect(review.suggestions.isEmpty && review.merges.isEmpty)
            let listening = Task { await review.followChanges() }
            try await ada.listening(kindred, count: 1)
            _ = try await RinContactsFixtures.imported(ada)
            try await eventually(timeout: .seconds(60)) {
                await MainActor.run { review.suggestions.count == 2 && review.merges.count == 2 }
            }
            await stop(listening)
        }
    }
}
