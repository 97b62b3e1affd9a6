import Foundation
import KindredAPI
import OpenAPIRuntime
import RinMatching
import Vapor

// MARK: - Imports

extension Controller {
    func createRinImport(_ input: Operations.CreateRinImport.Input) async throws -> Operations.CreateRinImport.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .binary(let body) = input.body else { throw AppError.malformed("Send the file's bytes.") }
        // BodyLimitMiddleware has capped the body at the largest import.
        let data = try await Data(collecting: body, upTo: RinImportService.maxBytes)
        let upload = try await RinImportService(context: request.context)
            .upload(data, fileName: input.query.name, into: input.path.profileId, by: caller.userID)
        let row = upload.rinImport
        if row.phase == .reading || row.phase == .matching {
            request.application.rinImports.start(try row.requireID(), context: request.application.context)
        }
        return upload.isNew ? .accepted(.init(body: .json(try row.dto()))) : .ok(.init(body: .json(try row.dto())))
    }

    func listRinImports(_ input: Operations.ListRinImports.Input) async throws -> Operations.ListRinImports.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try await RinImportService(context: request.context)
            .list(input.path.profileId, by: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
        return .ok(.init(body: .json(.init(items: try page.items.map { try $0.dto() }, nextCursor: page.nextCursor))))
    }

    func getRinImport(_ input: Operations.GetRinImport.Input) async throws -> Operations.GetRinImport.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let row = try await RinImportService(context: request.context).get(input.path.importId, by: caller.userID)
        // A worker that went away (its lease lapsed) is replaced by this instance.
        if row.phase == .reading || row.phase == .matching, (row.leaseUntil ?? .distantPast) < request.kindred.now {
            request.application.rinImports.start(try row.requireID(), context: request.application.context)
        }
        return .ok(.init(body: .json(try row.dto())))
    }

    func resumeRinImport(_ input: Operations.ResumeRinImport.Input) async throws -> Operations.ResumeRinImport.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let row = try await RinImportService(context: request.context).resume(input.path.importId, by: caller.userID)
        if row.phase == .reading || row.phase == .matching {
            request.application.rinImports.start(try row.requireID(), context: request.application.context)
        }
        return .ok(.init(body: .json(try row.dto())))
    }
}

// MARK: - Clean-up

extension Controller {
    func listRinSuggestions(_ input: Operations.ListRinSuggestions.Input) async throws -> Operations.ListRinSuggestions.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let page = try await RinCleanUpService(context: context)
            .suggestions(input.path.profileId, by: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
        let values = try await RinContactService(context: context).values(of: page.items.flatMap { [$0.$low.id, $0.$high.id] })
        return .ok(.init(body: .json(.init(items: try page.items.map { try $0.dto(values: values, context: context) }, nextCursor: page.nextCursor))))
    }

    func mergeRinSuggestion(_ input: Operations.MergeRinSuggestion.Input) async throws -> Operations.MergeRinSuggestion.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let merge = try await RinCleanUpService(context: context).accept(input.path.suggestionId, by: caller.userID)
        return .ok(.init(body: .json(try await RinMergeResults(context: context).result(of: merge, by: caller.userID))))
    }

    func dismissRinSuggestion(_ input: Operations.DismissRinSuggestion.Input) async throws -> Operations.DismissRinSuggestion.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinCleanUpService(context: request.context).dismiss(input.path.suggestionId, by: caller.userID)
        return .noContent(.init())
    }

    func mergeRinContacts(_ input: Operations.MergeRinContacts.Input) async throws -> Operations.MergeRinContacts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let merge = try await RinCleanUpService(context: context).merge(input.path.contactId, with: body.otherId, by: caller.userID)
        return .ok(.init(body: .json(try await RinMergeResults(context: context).result(of: merge, by: caller.userID))))
    }

    func listRinMerges(_ input: Operations.ListRinMerges.Input) async throws -> Operations.ListRinMerges.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try await RinCleanUpService(context: request.context).merges(
            input.path.profileId, by: caller.userID, automaticOnly: input.query.automatic ?? false,
            page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
        return .ok(.init(body: .json(.init(items: try page.items.map { try $0.dto() }, nextCursor: page.nextCursor))))
    }

    func undoRinMerge(_ input: Operations.UndoRinMerge.Input) async throws -> Operations.UndoRinMerge.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let (survivor, restored) = try await RinCleanUpService(context: context)
            .undo(input.path.mergeId, discardEdits: input.query.discardEdits ?? false, by: caller.userID)
        let details = RinContactDetails(context: context)
        return .ok(.init(body: .json(.init(survivor: try await details.detail(of: survivor), restored: try await details.detail(of: restored)))))
    }

    func listRinConflicts(_ input: Operations.ListRinConflicts.Input) async throws -> Operations.ListRinConflicts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let page = try await RinCleanUpService(context: request.context)
            .conflicts(input.path.profileId, by: caller.userID, page: try PageRequest(limit: input.query.limit, cursor: input.query.cursor))
        return .ok(.init(body: .json(.init(items: try page.items.compactMap { try $0.dto() }, nextCursor: page.nextCursor))))
    }

    func resolveRinConflict(_ input: Operations.ResolveRinConflict.Input) async throws -> Operations.ResolveRinConflict.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let contact = try await RinCleanUpService(context: context).resolve(input.path.conflictId, choice: body.choice, by: caller.userID)
        return .ok(.init(body: .json(try await RinContactDetails(context: context).detail(of: contact))))
    }
}

/// A merge as the owner sees it, with the merged contact.
struct RinMergeResults {
    let context: ServiceContext

    func result(of merge: RinMerge, by userID: UUID) async throws -> Components.Schemas.RinMergeResult {
        let survivor = try await RinContactService(context: context).owned(merge.$survivor.id, by: userID)
        let absorbed = try await merge.$absorbed.get(on: context.database)
        merge.$survivor.value = survivor
        merge.$absorbed.value = absorbed
        return .init(merge: try merge.dto(), contact: try await RinContactDetails(context: context).detail(of: survivor))
    }
}

extension RinImport {
    func dto() throws -> Components.Schemas.RinImport {
        let warnings = (try? RinMergeService.decoder.decode([RinImportWarningRecord].self, from: Data(self.warnings.utf8))) ?? []
        let shown: Components.Schemas.RinImport.PhasePayload = switch phase {
        case _ where error != nil: .failed
        case .reading: .reading
        case .matching: .matching
        case .done: .done
        case .failed: .failed
        }
        let source: Components.Schemas.RinImport.SourcePayload = switch self.source {
        case .vcard: .vcard
        case .googleCSV: .googleCsv
        case .outlookCSV: .outlookCsv
        }
        return .init(
            id: try requireID(), profileId: $profile.id, source: source, fileName: fileName,
            phase: shown, total: total, processed: phase == .done ? total : nextOrdinal, createdContacts: createdContacts,
            merged: merged, suggested: suggested, conflicts: conflicts,
            warnings: warnings.prefix(200).map { .init(line: $0.line, message: $0.message) }, error: error,
            createdAt: createdAt ?? Date(), finishedAt: finishedAt)
    }
}

extension RinSuggestion {
    func dto(values: [UUID: [RinContactValue]], context: ServiceContext) throws -> Components.Schemas.RinSuggestion {
        let evidence = try RinMergeService.decoder.decode(MatchEvidence.self, from: Data(self.evidence.utf8))
        return .init(id: try requireID(), confidence: confidence, evidence: .init(evidence),
                     contacts: try [low, high].map { try $0.summaryDTO(values: values[$0.id ?? UUID()] ?? [], context: context) },
                     createdAt: createdAt ?? context.now)
    }
}

extension RinMerge {
    func dto() throws -> Components.Schemas.RinMergeRecord {
        let evidence = try? RinMergeService.decoder.decode(MatchEvidence.self, from: Data(self.evidence.utf8))
        let snapshot = try? RinMergeService.decoder.decode(RinMergeSnapshot.self, from: Data(before.utf8))
        let absorbedName = snapshot.map { RinContact.shownName(of: $0.absorbed.contact) } ?? absorbed.shownName
        return .init(id: try requireID(), kind: .init(rawValue: kind.rawValue) ?? .manual, confidence: confidence,
                     evidence: evidence.map(Components.Schemas.RinMatchEvidence.init), survivorId: $survivor.id, absorbedId: $absorbed.id,
                     survivorName: survivor.shownName, absorbedName: absorbedName, createdAt: createdAt ?? Date())
    }
}

extension RinConflict {
    func dto() throws -> Components.Schemas.RinConflict? {
        let options = try RinMergeService.decoder.decode([MergeConflict.Option].self, from: Data(self.options.utf8))
        guard let field = Components.Schemas.RinConflict.FieldPayload(rawValue: field) else { return nil }
        return .init(id: try requireID(), contactId: $contact.id, contactName: contact.shownName, field: field,
                     options: options.map { .init(value: $0.value, contactId: $0.contactID) }, createdAt: createdAt ?? Date())
    }
}

extension Components.Schemas.RinMatchEvidence {
    init(_ evidence: MatchEvidence) {
        self.init(sharedEmails: evidence.sharedEmails, sharedPhones: evidence.sharedPhones, nameSimilarity: evidence.nameSimilarity,
                  compatibleNames: evidence.compatibleNames, sameFullName: evidence.sameFullName,
                  sharedEmployerDomains: evidence.sharedEmployerDomains, sameOrganization: evidence.sameOrganization,
                  birthday: Self.birthday(evidence.birthday))
    }

    private static func birthday(_ agreement: BirthdayAgreement) -> BirthdayPayload {
        switch agreement {
        case .unknown: .unknown
        case .agree: .agree
        case .compatible: .compatible
        case .clash: .clash
        }
    }
}

extension RinContact {
    static func shownName(of contact: MergeableContact) -> String {
        let row = RinContact()
        row.apply(contact)
        return row.shownName
    }
}

extension Components.Schemas.RealtimeEvent {
    static func rinImportProgressed(_ rinImport: Components.Schemas.RinImport) -> Self {
        .rin_import_progressed(.init(_type: "rin.import.progressed", _import: rinImport))
    }
}
