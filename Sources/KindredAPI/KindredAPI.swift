import Foundation
@_exported import OpenAPIRuntime

/// The contract document itself, for code that enforces what it says (the server's bounds,
/// security and method checks).
public enum KindredContractDocument {
    public static var url: URL? { Bundle.module.url(forResource: "openapi", withExtension: "yaml") }
}

extension JSONEncodingOptions {
    /// How both ends write JSON: compact. The generator's default pretty-prints, which puts each
    /// number of a drawing on a line of its own; a page of handwriting grew to three times its
    /// size, past the page's body limit, and every answer carried the spaces too.
    public static let kindred: JSONEncodingOptions = [.sortedKeys, .withoutEscapingSlashes]
}
