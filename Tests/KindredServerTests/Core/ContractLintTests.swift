import Foundation
import Testing
import Yams
@testable import KindredServer
import KindredTestSupport

/// The contract's conventions, so five apps (and a sixth) stay one readable document: one tag and
/// one path prefix per app, each app's paths and schemas in one block after Kindred's own, names
/// that carry the app's name, one pagination shape, and realtime events named
/// `<noun>.<verb>` (Kindred's) or `<app>.<noun>.<verb>` (an app's).
@Suite("The contract's conventions")
struct ContractLintTests {
    /// Lists returned whole, each with the reason it cannot grow without bound. Anything else
    /// answering a top-level array must be a page.
    static let wholeLists: [String: String] = [
        "searchProfiles": "the first `limit` (at most 50) usernames with a prefix",
        "getInnovationEngineNetwork": "one constellation, laid out and drawn whole",
        "listInterventions": "the catalogue that ships with the code",
        "getIntervention": "one profile's references",
        "getInterventionDeck": "the next `limit` (at most 100) cards",
        "getInterventionSwipeStats": "one row per category",
        "getInterventionChat": "one conversation, which the language model reads whole",
    ]

    struct Document {
        let root: Node.Mapping

        init() throws {
            let text = try String(contentsOfFile: TestKindred.repositoryRoot + "/Sources/KindredAPI/openapi.yaml", encoding: .utf8)
            guard let root = try Yams.compose(yaml: text)?.mapping else { throw CocoaError(.fileReadCorruptFile) }
            self.root = root
        }

        func mapping(_ keys: String...) -> Node.Mapping {
            keys.reduce(root as Node.Mapping?) { $0?[$1]?.mapping } ?? Node.Mapping([])
        }

        var paths: [(path: String, item: Node.Mapping)] {
            mapping("paths").compactMap { key, value in key.string.flatMap { path in value.mapping.map { (path, $0) } } }
        }

        var operations: [(id: String, path: String, tag: String, node: Node.Mapping)] {
            paths.flatMap { path, item in
                item.compactMap { method, operation -> (String, String, String, Node.Mapping)? in
                    guard ["get", "post", "put", "patch", "delete"].contains(method.string ?? ""), let node = operation.mapping,
                          let id = node["operationId"]?.string else { return nil }
                    return (id, path, node["tags"]?.sequence?.first?.string ?? "", node)
                }
            }
        }

        var schemaNames: [String] { mapping("components", "schemas").keys.compactMap(\.string) }

        /// Every schema name `node` refers to, following references through other schemas.
        func references(from node: Node, into found: inout Set<String>) {
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    if key.string == "$ref", let ref = value.string, ref.hasPrefix("#/components/schemas/") {
                        let name = String(ref.dropFirst("#/components/schemas/".count))
                        if found.insert(name).inserted, let schema = self.mapping("components", "schemas")[name] {
                            references(from: schema, into: &found)
                        }
                    } else {
                        references(from: value, into: &found)
                    }
                }
            case .sequence(let sequence):
                for value in sequence { references(from: value, into: &found) }
            default:
                break
            }
        }
    }

    /// The app a schema or operationId belongs to, by the prefix it carries.
    static func app(ofSchema name: String) -> (any KindredApp.Type)? {
        KindredApps.all.first { name.hasPrefix($0.contractPrefix) }
    }

    /// Items of `names` whose owner (nil: Kindred's own) is not in one contiguous run, or comes
    /// before Kindred's own.
    static func outOfBlock(_ owners: [String?]) -> [String] {
        var problems: [String] = []
        var seen: [String] = []
        for (index, owner) in owners.enumerated() {
            let key = owner ?? "Kindred"
            if index > 0, (owners[index - 1] ?? "Kindred") == key { continue }
            if seen.contains(key) { problems.append("\(key) appears in more than one block") }
            if owner == nil && !seen.isEmpty { problems.append("Kindred's own come after an app's") }
            seen.append(key)
        }
        return problems
    }

    @Test func eachAppHasOneTagOnePathPrefixAndOneBlockOfPaths() throws {
        let document = try Document()
        let tags = document.root["tags"]?.sequence?.compactMap { $0.mapping?["name"]?.string } ?? []
        #expect(Array(tags.suffix(KindredApps.all.count)) == KindredApps.all.map { $0.name }, "the apps' tags come last, in the apps' order")
        var problems: [String] = []
        for operation in document.operations {
            let byPath = KindredApps.all.first { operation.path.hasPrefix("/\($0.id)/") }
            let byTag = KindredApps.all.first { $0.name == operation.tag }
            if byPath?.id != byTag?.id { problems.append("\(operation.id): path \(operation.path) and tag \(operation.tag) disagree") }
            if !tags.contains(operation.tag) { problems.append("\(operation.id): tag \(operation.tag) is not declared") }
        }
        problems += Self.outOfBlock(document.paths.map { path, _ in KindredApps.all.first { path.hasPrefix("/\($0.id)/") }?.id })
        #expect(document.operations.count > 40)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func namesCarryTheirAppAndAreUnique() throws {
        let document = try Document()
        var problems: [String] = []
        let ids = document.operations.map(\.id)
        if Set(ids).count != ids.count { problems.append("operationIds repeat: \(ids.sorted())") }
        for operation in document.operations {
            guard let app = KindredApps.all.first(where: { $0.name == operation.tag }) else {
                if let other = KindredApps.all.first(where: { operation.id.contains($0.contractPrefix) }) {
                    problems.append("\(operation.id) is Kindred's own but carries \(other.contractPrefix)")
                }
                continue
            }
            if !operation.id.contains(app.contractPrefix) { problems.append("\(operation.id) does not carry \(app.contractPrefix)") }
        }
        let schemas = document.schemaNames
        problems += Self.outOfBlock(schemas.map { Self.app(ofSchema: $0)?.id })
        #expect(schemas.count > 60)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func appsUseOnlyTheirOwnSchemasAndKindredsOwnUseNoApps() throws {
        let document = try Document()
        var problems: [String] = []
        for operation in document.operations {
            var used = Set<String>()
            document.references(from: .mapping(operation.node), into: &used)
            let app = KindredApps.all.first { $0.name == operation.tag }
            for name in used {
                let owner = Self.app(ofSchema: name)
                // The realtime union is Kindred's, and lists every app's events by design.
                if name == "RealtimeEvent" || owner == nil { continue }
                if owner?.id != app?.id { problems.append("\(operation.id) uses \(name)") }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func everyListThatCanGrowIsAPage() throws {
        let document = try Document()
        let schemas = document.mapping("components", "schemas")
        var problems: [String] = []
        var pages = 0
        for operation in document.operations {
            guard let ref = Node.mapping(operation.node).at("responses", "200", "content", "application/json", "schema", "$ref")?.string,
                  let schema = schemas[String(ref.split(separator: "/").last ?? "")]?.mapping
            else { continue }
            let properties = schema["properties"]?.mapping
            // An array with `maxItems` is bounded by the contract itself (a post's 1–10 photos).
            let arrays = properties?.filter { _, value in value["type"]?.string == "array" && value["maxItems"] == nil }
                .compactMap(\.key.string) ?? []
            let parameters = operation.node["parameters"]?.sequence?.compactMap { $0["$ref"]?.string } ?? []
            let paged = parameters.contains("#/components/parameters/PageLimit") && parameters.contains("#/components/parameters/PageCursor")
            if ref.hasSuffix("Page") {
                pages += 1
                let names = Set(properties?.keys.compactMap(\.string) ?? [])
                if names != ["items", "nextCursor"] || schema["required"]?.sequence?.compactMap(\.string) != ["items"] {
                    problems.append("\(ref) is not `items` + `nextCursor`")
                }
                if !paged { problems.append("\(operation.id) answers a page but takes no `limit` and `cursor`") }
            } else if !arrays.isEmpty, Self.wholeLists[operation.id] == nil {
                problems.append("\(operation.id) answers a whole list (\(arrays.joined(separator: ", "))): page it, or say why it cannot grow")
            } else if paged {
                problems.append("\(operation.id) takes a cursor but answers no page")
            }
        }
        #expect(pages >= 4, "sessions, connections, matches and blocks are pages")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func realtimeEventsAreNamedByTheirApp() throws {
        let document = try Document()
        let mapping = document.mapping("components", "schemas", "RealtimeEvent", "discriminator", "mapping")
        var problems: [String] = []
        for (key, value) in mapping {
            guard let type = key.string, let schema = value.string?.split(separator: "/").last.map(String.init) else { continue }
            let parts = type.split(separator: ".", omittingEmptySubsequences: false)
            if let app = Self.app(ofSchema: schema) {
                if parts.count != 3 || parts[0] != app.id { problems.append("\(type) should be \(app.id).<noun>.<verb>") }
            } else if parts.count != 2 {
                problems.append("\(type) should be <noun>.<verb>")
            }
            if !parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLowercase || $0 == "-" } }) {
                problems.append("\(type) should be lower case")
            }
        }
        #expect(mapping.count >= 4)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func theReportableKindsAreTheOnesTheAppsDeclare() throws {
        let document = try Document()
        let kinds = Node.mapping(document.mapping("components", "schemas")).at("ReportTarget", "properties", "kind", "enum")?
            .sequence?.compactMap(\.string) ?? []
        #expect(Set(kinds) == Set(KindredApps.reportableContent.keys))
        for kind in kinds where kind != ProfileContent.kind {
            #expect(KindredApps.all.contains { kind.hasPrefix($0.id + ".") }, "\(kind) is not named <app id>.<noun>")
        }
    }

    @Test func theChecksCatchWhatTheyLookFor() {
        #expect(Self.outOfBlock([nil, nil, "a", "a", "b"]).isEmpty)
        #expect(!Self.outOfBlock([nil, "a", "b", "a"]).isEmpty, "an app in two blocks")
        #expect(!Self.outOfBlock([nil, "a", nil]).isEmpty, "Kindred's own after an app's")
        #expect(Self.app(ofSchema: "InnovationEngineConnection")?.id == "innovation-engine")
        #expect(Self.app(ofSchema: "Profile") == nil)
    }
}

extension Node {
    /// The value at a path of keys, matched by their text: `Node`'s own subscript also compares
    /// tags, and a quoted `'200'` is not the implicit string it builds.
    func at(_ keys: String...) -> Node? {
        keys.reduce(self as Node?) { node, key in node?.mapping?.first { $0.key.string == key }?.value }
    }
}
