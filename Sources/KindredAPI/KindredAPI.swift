import Foundation
@_exported import OpenAPIRuntime

/// The contract document itself, for code that enforces what it says (the server's bounds,
/// security and method checks).
public enum KindredContractDocument {
    public static var url: URL? { Bundle.module.url(forResource: "openapi", withExtension: "yaml") }
}
