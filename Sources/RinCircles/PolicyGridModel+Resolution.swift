import Foundation
import RinCore

extension PolicyGridModel {
    /// What someone in several circles gets of one field, and which circle gave it.
    public struct Resolution: Hashable, Sendable {
        public let fieldKey: String
        public let access: RinAccess
        /// The circle that decided: the most permissive of `circles`; on a tie Public, else
        /// Contacts, else the first in list order (the widest audience that gets it that way).
        public let circle: RinCircle
        /// The circles weighed, in list order.
        public let circles: [RinCircle]

        /// "Allow, from Family. Someone in Family and Friends gets the most permissive of them."
        public var explanation: String {
            let given = "\(PolicyGridModel.word(for: access)), from \(circle.name)."
            guard circles.count > 1 else { return given }
            return given + " Someone in \(Self.spoken(circles.map(\.name))) gets the most permissive of them."
        }

        private static func spoken(_ names: [String]) -> String {
            guard let last = names.last, names.count > 1 else { return names.first ?? "" }
            return names.dropLast().joined(separator: ", ") + " and " + last
        }
    }

    /// How `field` resolves for a person in `circles` (pass every circle they are in: a Rin
    /// person is always in Public, and in Contacts when my book links them; docs/RIN.md §2.10):
    /// the most permissive wins, Allow over Ask over Don't Allow. The cells as shown count, unsaved
    /// edits included, so an edit's effect shows before it is saved. Overrides for one person are
    /// not in the grid and not weighed. Nil when none of `circles` is in the grid.
    ///
    /// The rule and its tie order are `RinResolver.resolve` of `Sources/RinPolicy/RinResolver.swift`,
    /// copied (a feature depends on RinCore only).
    public func effectiveAccess(field: String, circles ids: [UUID]) -> Resolution? {
        let weighed = circles.filter { ids.contains($0.id) }
        let tieOrder = weighed.enumerated().sorted { (Self.breadth($0.element), $0.offset) < (Self.breadth($1.element), $1.offset) }
        var best: (circle: RinCircle, access: RinAccess)?
        for (_, circle) in tieOrder {
            let access = access(field: field, circle: circle.id)
            // Strictly more permissive: on a tie the earlier circle in tie order stays the source.
            if best.map({ Self.rank(access) > Self.rank($0.access) }) ?? true { best = (circle, access) }
        }
        guard let best else { return nil }
        return Resolution(fieldKey: field, access: best.access, circle: best.circle, circles: weighed)
    }

    /// Every row resolved for a person in `circles`, in grid order.
    public func effectiveAccess(circles ids: [UUID]) -> [Resolution] {
        fields.compactMap { effectiveAccess(field: $0.key, circles: ids) }
    }

    /// The value `circle`'s template gives `field`, which a cell shows until it is set; nil when
    /// either is not in the grid.
    public func templateAccess(field key: String, circle circleID: UUID) -> RinAccess? {
        guard let field = fields.first(where: { $0.key == key }), let circle = circles.first(where: { $0.id == circleID }) else { return nil }
        return Self.templateAccess(circle.template, for: field)
    }

    /// `RinCircleTemplate.access(for:)` of `Sources/RinPolicy/RinCircleTemplate.swift`, copied:
    /// Family (Permissive) everything; Friends (Moderate) the name, photo, and the primary phone
    /// and e-mail, the rest Ask; Colleagues (Restricted) the name and work phones and e-mails;
    /// Contacts and Public (name only) the name.
    nonisolated static func templateAccess(_ template: RinCircleTemplate, for field: RinPolicyField) -> RinAccess {
        if field.kind == .name { return .allow }
        switch template {
        case .nameOnly:
            return .deny
        case .permissive:
            return .allow
        case .moderate:
            switch field.kind {
            case .photo: return .allow
            case .phone, .email: return field.isPrimary == true ? .allow : .ask
            case .name, .bio, .address, .birthday, .social: return .ask
            }
        case .restricted:
            switch field.kind {
            case .phone, .email: return field.label == .work ? .allow : .deny
            case .name, .photo, .bio, .address, .birthday, .social: return .deny
            }
        }
    }

    /// Allow > Ask > Don't Allow (`RinAccess`'s order in RinPolicy).
    nonisolated static func rank(_ access: RinAccess) -> Int {
        switch access {
        case .deny: 0
        case .ask: 1
        case .allow: 2
        }
    }

    /// Public reaches everyone, Contacts everyone in the book: they name a tie first.
    nonisolated static func breadth(_ circle: RinCircle) -> Int {
        switch circle.kind {
        case ._public: 0
        case .contacts: 1
        case .family, .friends, .colleagues, .custom: 2
        }
    }

    /// The three values as the web says them (`Public/js/apps/rin/words.js`).
    public nonisolated static func word(for access: RinAccess) -> String {
        switch access {
        case .allow: "Allow"
        case .ask: "Ask"
        case .deny: "Don't allow"
        }
    }
}
