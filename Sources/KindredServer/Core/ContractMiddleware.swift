import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Authenticates before anything else is looked at: a request without a valid token is a 401
/// whatever its body, so nobody learns how an operation validates input without signing in.
struct AuthenticationMiddleware: ServerMiddleware {
    let contract: Contract

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if contract.operations[operationID]?.requiresAuthentication ?? true {
            _ = try await Caller.require(RequestContext.current())
        }
        return try await next(request, body, metadata)
    }
}

/// Enforces the contract's bounds (lengths, ranges, item counts) on parameters and JSON bodies,
/// and refuses NUL characters anywhere (SQLite cuts text at one; PostgreSQL refuses it).
/// Runs after `BodyLimitMiddleware`, so a JSON body is already known to be small.
struct ContractBoundsMiddleware: ServerMiddleware {
    let contract: Contract

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let operation = contract.operations[operationID] else { return try await next(request, body, metadata) }
        var check = BoundsCheck()
        let query = Self.queryItems(of: request.path ?? "")
        for parameter in operation.parameters {
            let values: [String]
            switch parameter.location {
            case .query: values = query[parameter.name] ?? []
            case .path: values = metadata.pathParameters[parameter.name].map { [String($0).removingPercentEncoding ?? String($0)] } ?? []
            case .header: values = HTTPField.Name(parameter.name).flatMap { request.headerFields[values: $0] } ?? []
            case .cookie: values = []
            }
            for value in values { check.parameter(value, schema: parameter.schema, name: parameter.name) }
        }
        var body = body
        if let schema = operation.jsonBody, !schema.checkedElsewhere, let received = body, Self.isJSON(request) {
            let bytes = try await ArraySlice<UInt8>(collecting: received, upTo: BodyLimitMiddleware.limit(for: operationID))
            if !schema.needsWalk {
                // Made only of parts checked elsewhere (`{"canvas": …}`): what is around them is
                // all there is to check, without parsing a 2 MB page here as well.
                for key in JSONTopLevel.nullMembers(of: bytes) ?? [] { check.nullMember(key, schema: schema) }
            } else if let json = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) {
                check.value(json, schema: schema, path: "")
            }
            // Malformed JSON is left to the generated decoder, whose message names the problem.
            body = HTTPBody(bytes)
        }
        try check.throwIfViolated()
        return try await next(request, body, metadata)
    }

    private static func isJSON(_ request: HTTPRequest) -> Bool {
        guard let type = request.headerFields[.contentType]?.lowercased() else { return false }
        return type.hasPrefix("application/json") || type.contains("+json")
    }

    /// Percent-decoded query items; `+` is a space, as browsers send forms.
    static func queryItems(of path: String) -> [String: [String]] {
        guard let start = path.firstIndex(of: "?") else { return [:] }
        var items: [String: [String]] = [:]
        for pair in path[path.index(after: start)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring) -> String {
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            items[decode(parts[0]), default: []].append(parts.count > 1 ? decode(parts[1]) : "")
        }
        return items
    }
}

/// Collects every bound a request breaks, so one answer names them all.
struct BoundsCheck {
    private(set) var errors: [AppError.FieldError] = []
    private(set) var containsNUL = false

    mutating func parameter(_ text: String, schema: Contract.Schema, name: String) {
        switch schema.type {
        case "integer", "number":
            // Text that is no number is the generated decoder's to refuse, with its own message.
            if let number = Double(text) { self.number(number, schema: schema, path: name) }
        default:
            string(text, schema: schema, path: name)
        }
    }

    mutating func value(_ value: Any, schema: Contract.Schema, path: String) {
        if schema.checkedElsewhere { return }
        if !schema.alternatives.isEmpty {
            // One of several shapes: the value passes if it fits any of them.
            var attempts = schema.alternatives.map { alternative -> BoundsCheck in
                var attempt = BoundsCheck()
                attempt.value(value, schema: alternative, path: path)
                return attempt
            }
            if let fitting = attempts.firstIndex(where: { $0.errors.isEmpty }) { attempts = [attempts[fitting]] }
            errors += attempts.first?.errors ?? []
            containsNUL = containsNUL || attempts.contains { $0.containsNUL }
        }
        switch value {
        case let text as String:
            string(text, schema: schema, path: path)
        case let list as [Any]:
            if let minimum = schema.minItems, list.count < minimum { fail(path, "needs at least \(minimum) items") }
            if let maximum = schema.maxItems, list.count > maximum { fail(path, "takes at most \(maximum) items") }
            if let items = schema.items {
                for (index, element) in list.enumerated() { self.value(element, schema: items, path: path + "[\(index)]") }
            }
        case let object as [String: Any]:
            for (key, element) in object {
                if key.unicodeScalars.contains("\u{0}") { containsNUL = true }
                guard let property = schema.properties[key] else { continue }
                let field = path.isEmpty ? key : path + "." + key
                // The generated decoder reads `"x": null` as leaving x out; the contract says
                // x is a string (say), so null is refused rather than quietly ignored.
                if element is NSNull {
                    nullMember(key, schema: schema, path: path)
                    continue
                }
                self.value(element, schema: property, path: field)
            }
        case let number as NSNumber where schema.type == "integer" || schema.type == "number":
            self.number(number.doubleValue, schema: schema, path: path)
        default:
            break
        }
    }

    /// `"key": null` in an object of `schema`. The generated decoder reads it as leaving the
    /// key out; the contract says the value is a string (say), so null is refused rather than
    /// quietly ignored.
    mutating func nullMember(_ key: String, schema: Contract.Schema, path: String = "") {
        guard let property = schema.properties[key], !property.allowsNull else { return }
        fail(path.isEmpty ? key : path + "." + key, "cannot be null; leave it out instead")
    }

    private mutating func string(_ text: String, schema: Contract.Schema, path: String) {
        if text.unicodeScalars.contains("\u{0}") { containsNUL = true }
        // JSON Schema counts code points, which also bounds the bytes a value can take.
        let length = text.unicodeScalars.count
        if let minimum = schema.minLength, length < minimum {
            fail(path, minimum == 1 ? "must not be empty" : "needs at least \(minimum) characters")
        }
        if let maximum = schema.maxLength, length > maximum { fail(path, "takes at most \(maximum) characters") }
        if let pattern = schema.pattern, !pattern.matches(text) {
            let field = path.isEmpty ? "body" : path
            errors.append(.init(field: field, message: schema.summary.map { "`\(field)`: \($0)" } ?? "`\(field)` is not in the form it must have."))
        }
    }

    private mutating func number(_ number: Double, schema: Contract.Schema, path: String) {
        if let minimum = schema.minimum, number < minimum { fail(path, "must be at least \(Self.format(minimum))") }
        if let maximum = schema.maximum, number > maximum { fail(path, "must be at most \(Self.format(maximum))") }
    }

    private mutating func fail(_ path: String, _ rule: String) {
        let field = path.isEmpty ? "body" : path
        errors.append(.init(field: field, message: "`\(field)` \(rule)."))
    }

    private static func format(_ number: Double) -> String {
        number.rounded() == number ? String(Int(number)) : String(number)
    }

    func throwIfViolated() throws {
        if containsNUL { throw AppError.malformed("Text cannot contain the NUL character (\\u0000).") }
        if !errors.isEmpty { throw AppError.validation(errors) }
    }
}

/// A glance at a JSON object's top level without reading its values: which members are `null`.
enum JSONTopLevel {
    /// The keys whose value is `null`, or nil when the text is not an object (the generated
    /// decoder then says what is wrong with it).
    static func nullMembers(of bytes: ArraySlice<UInt8>) -> [String]? {
        var index = bytes.startIndex
        func skipSpace() {
            while index < bytes.endIndex {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }
        /// Past a string whose opening quote is at `index`; returns its raw bytes.
        func skipString() -> ArraySlice<UInt8>? {
            let start = index + 1
            index = start
            while index < bytes.endIndex {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): index += 1; return bytes[start..<(index - 1)]
                default: index += 1
                }
            }
            return nil
        }
        /// Past one value of any kind: strings whole, brackets counted.
        func skipValue() -> Bool {
            var depth = 0
            repeat {
                skipSpace()
                guard index < bytes.endIndex else { return false }
                switch bytes[index] {
                case UInt8(ascii: "\""): guard skipString() != nil else { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; index += 1
                default:
                    // A scalar, or a comma or colon inside a container.
                    if depth == 0 {
                        while index < bytes.endIndex, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}"),
                              bytes[index] != UInt8(ascii: "]") { index += 1 }
                    } else {
                        index += 1
                    }
                }
            } while depth > 0
            return true
        }
        skipSpace()
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "{") else { return nil }
        index += 1
        var nulls: [String] = []
        while true {
            skipSpace()
            guard index < bytes.endIndex else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return nulls }
            guard bytes[index] == UInt8(ascii: "\""), let raw = skipString() else { return nil }
            // A key with escapes is read as JSON reads it; plain ones (all of ours) as they are.
            let key = raw.contains(UInt8(ascii: "\\"))
                ? (try? JSONSerialization.jsonObject(with: Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]),
                                                     options: [.fragmentsAllowed])) as? String ?? ""
                : String(decoding: raw, as: UTF8.self)
            skipSpace()
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            skipSpace()
            if bytes[index...].starts(with: Array("null".utf8)) { nulls.append(key) }
            guard skipValue() else { return nil }
            skipSpace()
            guard index < bytes.endIndex else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1 } else if bytes[index] != UInt8(ascii: "}") { return nil }
        }
    }
}
