import Foundation
import KindredAPI
import Yams

/// What `openapi.yaml` says beyond the types the generator turns into Swift: each operation's
/// bounds (lengths, ranges, item counts), whether it needs a bearer token, and which methods each
/// path answers. Swift OpenAPI Generator decodes types but enforces none of the bounds, so the
/// server reads the same document at start-up and enforces them itself (`ContractMiddleware`):
/// a bound written in the contract is a bound the server keeps, for every app, with no second copy.
struct Contract: Sendable {
    struct Operation: Sendable {
        var id: String
        var method: String
        /// The path as the contract writes it, `/profiles/{username}`.
        var path: String
        var requiresAuthentication: Bool
        var parameters: [Parameter]
        /// The `application/json` request body's schema, if the operation takes one.
        var jsonBody: Schema?
    }

    struct Parameter: Sendable {
        enum Location: String, Sendable { case query, path, header, cookie }
        var name: String
        var location: Location
        var schema: Schema
    }

    /// The JSON Schema keywords Kindred's contract uses for bounds. Types, required properties,
    /// enums and formats are the generated decoder's job and are not repeated here.
    final class Schema: Sendable {
        let type: String?
        let properties: [String: Schema]
        let items: Schema?
        let alternatives: [Schema]
        let minLength: Int?
        let maxLength: Int?
        let minimum: Double?
        let maximum: Double?
        let minItems: Int?
        let maxItems: Int?
        let pattern: Pattern?
        /// The schema's description: what a value that breaks its pattern is told.
        let summary: String?
        /// `type: [..., "null"]`: a JSON `null` is a value here, not the absence the decoder reads it as.
        let allowsNull: Bool
        /// `x-kindred-checked-by`: a value a shared module checks whole, with its own field-precise
        /// messages (a drawing of 200,000 points is not walked twice).
        let checkedElsewhere: Bool
        /// Whether a value needs walking at all: an object made only of parts checked elsewhere
        /// (`{"canvas": …}`) has no bound of its own, and a page of 2 MB is not parsed twice.
        let needsWalk: Bool

        init(type: String? = nil, properties: [String: Schema] = [:], items: Schema? = nil, alternatives: [Schema] = [],
             minLength: Int? = nil, maxLength: Int? = nil, minimum: Double? = nil, maximum: Double? = nil,
             minItems: Int? = nil, maxItems: Int? = nil, pattern: Pattern? = nil, summary: String? = nil, allowsNull: Bool = false,
             checkedElsewhere: Bool = false) {
            self.type = type
            self.properties = properties
            self.items = items
            self.alternatives = alternatives
            self.minLength = minLength
            self.maxLength = maxLength
            self.minimum = minimum
            self.maximum = maximum
            self.minItems = minItems
            self.maxItems = maxItems
            self.pattern = pattern
            self.summary = summary
            self.allowsNull = allowsNull
            self.checkedElsewhere = checkedElsewhere
            needsWalk = !checkedElsewhere
                && !(type == "object" && alternatives.isEmpty && !allowsNull && !properties.isEmpty && properties.values.allSatisfy { !$0.needsWalk })
        }
    }

    /// A schema's `pattern`, compiled once. `NSRegularExpression` is immutable once made and
    /// documented as safe to use from any thread.
    struct Pattern: @unchecked Sendable {
        let source: String
        let expression: NSRegularExpression

        init(_ source: String) throws {
            self.source = source
            expression = try NSRegularExpression(pattern: source)
        }

        /// JSON Schema patterns are not anchored: a match anywhere counts.
        func matches(_ text: String) -> Bool {
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
    }

    let operations: [String: Operation]
    /// Upper-case methods per contract path, for 405 answers with `Allow`.
    let methodsByPath: [String: [String]]
    /// The path prefix of every operation (`/api/v1`).
    let basePath: String

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    /// The contract shipped with the server, read once per process (parsing 1,500 lines of YAML
    /// is not free, and every instance in the process enforces the same document).
    static func bundled() throws -> Contract {
        try bundledOnce.get()
    }

    private static let bundledOnce = Result { () throws -> Contract in
        guard let url = KindredContractDocument.url else { throw Invalid(description: "openapi.yaml is missing from the KindredAPI bundle.") }
        return try Contract(yaml: String(contentsOf: url, encoding: .utf8))
    }

    init(yaml: String) throws {
        guard let document = try Yams.load(yaml: yaml) as? [String: Any] else { throw Invalid(description: "openapi.yaml is not a mapping.") }
        var resolver = SchemaResolver(schemas: ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:])
        let defaultSecurity = !((document["security"] as? [Any]) ?? []).isEmpty
        basePath = (((document["servers"] as? [Any])?.first as? [String: Any])?["url"] as? String) ?? ""
        var operations: [String: Operation] = [:]
        var methods: [String: [String]] = [:]
        let verbs = ["get", "put", "post", "delete", "patch", "head", "options"]
        for (path, item) in (document["paths"] as? [String: Any]) ?? [:] {
            guard let item = item as? [String: Any] else { continue }
            let shared = (item["parameters"] as? [Any]) ?? []
            for verb in verbs {
                guard let spec = item[verb] as? [String: Any], let id = spec["operationId"] as? String else { continue }
                methods[path, default: []].append(verb.uppercased())
                // `security: []` is public; a list with an empty requirement (`- {}`) makes a token optional.
                let security = (spec["security"] as? [Any]).map { requirements in
                    !requirements.isEmpty && !requirements.contains { ($0 as? [String: Any])?.isEmpty == true }
                } ?? defaultSecurity
                let parameters = (shared + ((spec["parameters"] as? [Any]) ?? [])).compactMap { raw -> Parameter? in
                    guard let raw = Self.resolvingParameter(raw, in: document), let name = raw["name"] as? String,
                          let location = (raw["in"] as? String).flatMap(Parameter.Location.init(rawValue:))
                    else { return nil }
                    return Parameter(name: name, location: location, schema: resolver.schema(raw["schema"]))
                }
                let content = ((spec["requestBody"] as? [String: Any])?["content"] as? [String: Any])
                let json = (content?["application/json"] as? [String: Any])?["schema"]
                operations[id] = Operation(id: id, method: verb.uppercased(), path: path, requiresAuthentication: security,
                                           parameters: parameters, jsonBody: json.map { resolver.schema($0) })
            }
        }
        guard resolver.failures.isEmpty else { throw Invalid(description: resolver.failures.joined(separator: "; ")) }
        self.operations = operations
        methodsByPath = methods
    }

    /// A parameter written in place, or the shared one a `$ref` names (`#/components/parameters/PageLimit`).
    private static func resolvingParameter(_ raw: Any, in document: [String: Any]) -> [String: Any]? {
        guard let raw = raw as? [String: Any] else { return nil }
        guard let ref = raw["$ref"] as? String else { return raw }
        let shared = (document["components"] as? [String: Any])?["parameters"] as? [String: Any]
        return shared?[String(ref.split(separator: "/").last ?? "")] as? [String: Any]
    }

    /// The operation a request path reaches (`/api/v1/media/4f…`), for middleware that runs
    /// before routing and knows only the URL. A constant segment beats a parameter, as in routing.
    func operation(method: String, path: String) -> Operation? {
        guard path.hasPrefix(basePath) else { return nil }
        let segments = path.dropFirst(basePath.count).split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var best: (operation: Operation, constants: Int)?
        for operation in operations.values where operation.method == method {
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard template.count == segments.count else { continue }
            var constants = 0
            let matches = zip(template, segments).allSatisfy { part, segment in
                if part.hasPrefix("{") && part.hasSuffix("}") { return !segment.isEmpty }
                constants += 1
                return part == segment
            }
            if matches, constants > (best?.constants ?? -1) { best = (operation, constants) }
        }
        return best?.operation
    }
}

/// Turns the document's schemas into `Contract.Schema`, following `$ref`s once each.
private struct SchemaResolver {
    let schemas: [String: Any]
    var resolved: [String: Contract.Schema] = [:]
    var resolving: Set<String> = []
    /// Patterns that did not compile: the server refuses to start rather than skip a bound.
    var failures: [String] = []

    init(schemas: [String: Any]) { self.schemas = schemas }

    mutating func schema(_ raw: Any?) -> Contract.Schema {
        guard let raw = raw as? [String: Any] else { return Contract.Schema() }
        if raw["x-kindred-checked-by"] != nil { return Contract.Schema(checkedElsewhere: true) }
        if let ref = raw["$ref"] as? String {
            let name = String(ref.split(separator: "/").last ?? "")
            if let done = resolved[name] { return done }
            // A schema that contains itself is checked one level deep, not forever.
            guard !resolving.contains(name) else { return Contract.Schema() }
            resolving.insert(name)
            let schema = schema(schemas[name])
            resolving.remove(name)
            resolved[name] = schema
            return schema
        }
        var properties: [String: Contract.Schema] = [:]
        for (name, property) in (raw["properties"] as? [String: Any]) ?? [:] {
            properties[name] = schema(property)
        }
        let alternatives = ((raw["oneOf"] as? [Any]) ?? []) + ((raw["anyOf"] as? [Any]) ?? []) + ((raw["allOf"] as? [Any]) ?? [])
        // `type: [string, "null"]` in OpenAPI 3.1: the bound applies to the non-null type.
        let types = (raw["type"] as? String).map { [$0] } ?? (raw["type"] as? [Any])?.compactMap { $0 as? String } ?? []
        let type = types.first { $0 != "null" }
        let pattern = (raw["pattern"] as? String).flatMap { source -> Contract.Pattern? in
            do { return try Contract.Pattern(source) } catch {
                failures.append("pattern \(source) does not compile: \(error)")
                return nil
            }
        }
        return Contract.Schema(
            type: type, properties: properties, items: raw["items"].map { schema($0) },
            alternatives: alternatives.map { schema($0) },
            minLength: raw["minLength"] as? Int, maxLength: raw["maxLength"] as? Int,
            minimum: Self.number(raw["minimum"]), maximum: Self.number(raw["maximum"]),
            minItems: raw["minItems"] as? Int, maxItems: raw["maxItems"] as? Int,
            pattern: pattern, summary: raw["description"] as? String, allowsNull: types.contains("null") || raw["nullable"] as? Bool == true)
    }

    private static func number(_ value: Any?) -> Double? {
        (value as? Int).map(Double.init) ?? (value as? Double)
    }
}
