import Foundation
import KindredAPI
import OpenAPIRuntime
import RinMatching
import Vapor

// MARK: - Contacts

extension Controller {
    func listRinContacts(_ input: Operations.ListRinContacts.Input) async throws -> Operations.ListRinContacts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let service = RinContactService(context: context)
        let page = try await service.list(
            input.path.profileId, .init(search: input.query.q, circleID: input.query.circleId, favouritesOnly: input.query.favourites ?? false),
            page: try RinSortedPage.Request(limit: input.query.limit, cursor: input.query.cursor), by: caller.userID)
        let values = try await service.values(of: page.items.compactMap(\.id))
        return .ok(.init(body: .json(.init(
            items: try page.items.map { try $0.summaryDTO(values: values[$0.id ?? UUID()] ?? [], context: context) },
            nextCursor: page.nextCursor))))
    }

    func createRinContact(_ input: Operations.CreateRinContact.Input) async throws -> Operations.CreateRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let contact = try await RinContactService(context: context).create(.init(body), in: input.path.profileId, by: caller.userID)
        return .created(.init(body: .json(try await RinContactDetails(context: context).detail(of: contact))))
    }

    func getRinContactsHome(_ input: Operations.GetRinContactsHome.Input) async throws -> Operations.GetRinContactsHome.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let service = RinContactService(context: context)
        let home = try await service.home(input.path.profileId, by: caller.userID)
        let values = try await service.values(of: (home.recent + home.favourites).compactMap(\.id))
        func summaries(_ contacts: [RinContact]) throws -> [Components.Schemas.RinContactSummary] {
            try contacts.map { try $0.summaryDTO(values: values[$0.id ?? UUID()] ?? [], context: context) }
        }
        let waiting = try await RinCleanUpService(context: context).waiting(input.path.profileId)
        return .ok(.init(body: .json(.init(suggestions: waiting.suggestions, conflicts: waiting.conflicts, recent: try summaries(home.recent),
                                           favourites: try summaries(home.favourites), total: home.total, incomplete: home.incomplete))))
    }

    func exportRinContacts(_ input: Operations.ExportRinContacts.Input) async throws -> Operations.ExportRinContacts.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = RinContactService(context: request.context)
        let contacts = try await service.allLive(in: input.path.profileId, by: caller.userID)
        return .ok(.init(body: .textVcard(HTTPBody(try await service.vCard(of: contacts)))))
    }

    func getRinContact(_ input: Operations.GetRinContact.Input) async throws -> Operations.GetRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let contact = try await RinContactService(context: context).resolved(input.path.contactId, by: caller.userID)
        return .ok(.init(body: .json(try await RinContactDetails(context: context).detail(of: contact))))
    }

    func updateRinContact(_ input: Operations.UpdateRinContact.Input) async throws -> Operations.UpdateRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let contact = try await RinContactService(context: context).update(input.path.contactId, with: .init(body), by: caller.userID)
        return .ok(.init(body: .json(try await RinContactDetails(context: context).detail(of: contact))))
    }

    func deleteRinContact(_ input: Operations.DeleteRinContact.Input) async throws -> Operations.DeleteRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        try await RinContactService(context: request.context).delete(input.path.contactId, by: caller.userID)
        return .noContent(.init())
    }

    func linkRinContact(_ input: Operations.LinkRinContact.Input) async throws -> Operations.LinkRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        guard case .json(let body) = input.body else { throw AppError.malformed("Send JSON.") }
        let context = request.context
        let target: RinContactService.LinkTarget
        switch (body.username, body.token) {
        case (let username?, nil): target = .username(username)
        case (nil, let token?): target = .card(token: token)
        default: throw AppError.validation(field: "username", "Give their username or their card's link, one of the two.")
        }
        let contact = try await RinContactService(context: context).link(input.path.contactId, to: target, by: caller.userID)
        return .ok(.init(body: .json(try await RinContactDetails(context: context).detail(of: contact))))
    }

    func unlinkRinContact(_ input: Operations.UnlinkRinContact.Input) async throws -> Operations.UnlinkRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let context = request.context
        let contact = try await RinContactService(context: context).unlink(input.path.contactId, by: caller.userID)
        return .ok(.init(body: .json(try await RinContactDetails(context: context).detail(of: contact))))
    }

    func exportRinContact(_ input: Operations.ExportRinContact.Input) async throws -> Operations.ExportRinContact.Output {
        let request = try request
        let caller = try await Caller.require(request)
        let service = RinContactService(context: request.context)
        let contact = try await service.owned(input.path.contactId, by: caller.userID)
        return .ok(.init(body: .textVcard(HTTPBody(try await service.vCard(of: [contact])))))
    }
}

/// A contact as its owner sees it: its values, its circles and the linked person's live view.
struct RinContactDetails {
    let context: ServiceContext

    func detail(of contact: RinContact) async throws -> Components.Schemas.RinContactDetail {
        let service = RinContactService(context: context)
        let values = try await service.values(of: [contact.requireID()])[contact.requireID()] ?? []
        let circles = try await service.circles(of: contact)
        var linked: Components.Schemas.RinPersonView?
        if let linkedID = contact.$linkedProfile.id, let person = try await RinProfile.find(linkedID, on: context.database) {
            let book = try await contact.$profile.get(on: context.database)
            // Hidden from me now (a block, a changed policy): the card stays mine, their view goes.
            linked = try? await RinVisibility.view(of: person, by: .profile(book), context: context)
        }
        let photo = try await contact.$photo.get(on: context.database)
        return .init(
            id: try contact.requireID(), profileId: contact.$profile.id, displayName: contact.shownName,
            section: RinContactKeys.section(of: contact.sortKey), givenName: contact.givenName, familyName: contact.familyName,
            middleName: contact.middleName, namePrefix: contact.namePrefix, nameSuffix: contact.nameSuffix, nickname: contact.nickname,
            organization: contact.organization, title: contact.title, birthday: contact.birthday, note: contact.note,
            photo: try photo.map { try $0.dto(mediaURLs: context.services.mediaURLs, now: context.now) }, favourite: contact.favourite,
            values: values.map { $0.dto() }, circles: try circles.map { try $0.refDTO() }, linkedPerson: linked,
            createdAt: contact.createdAt ?? context.now, updatedAt: contact.updatedAt ?? contact.createdAt ?? context.now)
    }
}

extension RinContact {
    func summaryDTO(values: [RinContactValue], context: ServiceContext) throws -> Components.Schemas.RinContactSummary {
        .init(id: try requireID(), displayName: shownName, section: RinContactKeys.section(of: sortKey), organization: organization,
              photo: try $photo.value.flatMap { $0 }.map { try $0.dto(mediaURLs: context.services.mediaURLs, now: context.now) },
              favourite: favourite, isLinked: $linkedProfile.id != nil,
              phone: values.first { $0.kind == .phone && $0.isPrimary }?.value, email: values.first { $0.kind == .email && $0.isPrimary }?.value)
    }
}

extension RinContactValue {
    func dto() -> Components.Schemas.RinContactValue {
        .init(kind: .init(rawValue: kind.rawValue) ?? .url, label: label, value: value, normalized: normalized, isPrimary: isPrimary)
    }
}

extension RinCircle {
    func refDTO() throws -> Components.Schemas.RinCircleRef {
        .init(id: try requireID(), kind: .init(kind), name: name, emoji: emoji, color: .init(rawValue: color) ?? ._num_6b7280)
    }
}

extension RinContactService.Draft {
    init(_ body: Components.Schemas.RinContactDraft) {
        self.init(givenName: body.givenName, familyName: body.familyName, middleName: body.middleName, namePrefix: body.namePrefix,
                  nameSuffix: body.nameSuffix, displayName: body.displayName, nickname: body.nickname, organization: body.organization,
                  title: body.title, birthday: body.birthday, note: body.note, values: body.values.map { $0.map(ContactValue.init) },
                  favourite: body.favourite, photoID: body.photoId)
    }

    init(_ body: Components.Schemas.RinContactEdit) {
        self.init(givenName: body.givenName, familyName: body.familyName, middleName: body.middleName, namePrefix: body.namePrefix,
                  nameSuffix: body.nameSuffix, displayName: body.displayName, nickname: body.nickname, organization: body.organization,
                  title: body.title, birthday: body.birthday, note: body.note, values: body.values.map { $0.map(ContactValue.init) },
                  favourite: body.favourite, photoID: body.photoId, removePhoto: body.removePhoto ?? false)
    }
}

extension ContactValue {
    init(_ draft: Components.Schemas.RinContactValueDraft) {
        self.init(kind: Kind(rawValue: draft.kind.rawValue) ?? .url, label: draft.label, value: draft.value, isPrimary: draft.isPrimary ?? false)
    }
}
