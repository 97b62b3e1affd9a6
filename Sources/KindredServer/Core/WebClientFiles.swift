import CompressNIO
import Crypto
import Foundation
import NIOCore
import Vapor

/// The web client's files (`Public/`), read once at start-up and answered from memory, so a
/// repeat visit costs nothing and a first one as little as it can:
/// - `index.html` names the files it loads under `/static/<version>/`, where `<version>` is a
///   digest of every file, lists the modules its first screen loads for preloading
///   (`modulepreload`), and each app's modules for `app-loader.js` to preload when it is opened.
///   ES modules import each other by relative paths, so the
///   whole tree loads under that prefix, and those answers may be kept for a year (`immutable`): a
///   changed file is a new version, hence new URLs. The page itself is revalidated on each visit
///   (`no-cache`, a strong `ETag`, 304 when unchanged);
/// - every file is also served at its own path, revalidated the same way (the service worker, and
///   links made before a deploy);
/// - text is gzipped once here, and sent so to clients that accept it.
/// The files are those of start-up: a changed `Public/` shows after a restart.
struct WebClientFiles: Sendable {
    struct File: Sendable {
        let body: ByteBuffer
        let gzipped: ByteBuffer?
        let contentType: String
        /// The digest of the bytes sent without encoding; a gzipped answer's tag adds `-gz`.
        let tag: String
    }

    /// The prefix under which files are kept for a year.
    static let staticPrefix = "/static/"
    /// What compresses well: text. Images such as PNG and JPEG are compressed already.
    static let textTypes: Set<String> = ["html", "js", "mjs", "css", "svg", "json", "webmanifest", "txt", "map"]

    let version: String
    private let files: [String: File]

    init(directory: String) throws {
        var contents: [String: [UInt8]] = [:]
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.path.count))
                // Hidden files (an editor's swap file, .DS_Store) are nobody's business.
                guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
                contents[relative] = Array(try Data(contentsOf: url))
            }
        }
        // The version: one digest over every path and its bytes, in a fixed order.
        var digest = SHA256()
        for path in contents.keys.sorted() {
            digest.update(data: Array(path.utf8) + [0])
            digest.update(data: SHA256.hash(data: contents[path] ?? []).map { $0 })
        }
        version = String(Array(digest.finalize()).hexString.prefix(12))
        if var index = contents["/index.html"].map({ String(decoding: $0, as: UTF8.self) }) {
            // Every file the page names (`src="/js/main.js"`, the stylesheet, the icon) under the version.
            for path in contents.keys where path != "/index.html" {
                index = index.replacingOccurrences(of: "=\"\(path)\"", with: "=\"\(Self.staticPrefix)\(version)\(path)\"")
            }
            // The modules it will load, named at once: otherwise the browser finds them a level of
            // imports at a time, a round trip each, before the first screen can be drawn.
            let prefix = Self.staticPrefix + version
            let hints = Self.modulesLoadedAtStart(contents).map { "  <link rel=\"modulepreload\" href=\"\(prefix)\($0)\">\n" }
            // Each app's modules, for `app-loader.js` to preload when the app is opened: data, not
            // a script, so the CSP's script-src 'self' has nothing to say about it.
            let apps = Self.appModules(contents).mapValues { $0.map { prefix + $0 } }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]  // paths hold no "<"
            let manifest = String(decoding: try encoder.encode(apps), as: UTF8.self)
            let data = "  <script type=\"application/json\" id=\"app-modules\">\(manifest)</script>\n"
            if let script = index.range(of: "  <script type=\"module\"") {
                index.insert(contentsOf: hints.joined() + data, at: script.lowerBound)
            }
            contents["/index.html"] = Array(index.utf8)
        }
        var files: [String: File] = [:]
        for (path, bytes) in contents {
            let fileExtension = path.split(separator: ".").last.map { String($0).lowercased() } ?? ""
            let type = HTTPMediaType.fileExtension(fileExtension)?.serialize() ?? "application/octet-stream"
            let body = ByteBuffer(bytes: bytes)
            var gzipped: ByteBuffer?
            if Self.textTypes.contains(fileExtension), bytes.count > 256 {
                var input = body
                let packed = try input.compress(with: .gzip, configuration: .init(compressionLevel: 9))
                if packed.readableBytes < bytes.count { gzipped = packed }
            }
            let tag = Array(SHA256.hash(data: bytes).prefix(12)).hexString
            files[path] = File(body: body, gzipped: gzipped, contentType: type, tag: tag)
        }
        self.files = files
    }

    /// `main.js` with all it imports, in the order found: the shell's first screen. An app's
    /// modules load when it is first opened (`app-loader.js`), so they are not named here.
    static func modulesLoadedAtStart(_ contents: [String: [UInt8]]) -> [String] {
        modules(from: "/js/main.js", in: contents)
    }

    /// For each app (`/js/apps/<id>/index.js`), the modules it brings that the shell has not
    /// loaded already, entry first: `app-loader.js` names them all for preloading when the app
    /// is opened, so they arrive at once rather than a level of imports at a time.
    static func appModules(_ contents: [String: [UInt8]]) -> [String: [String]] {
        let shell = Set(modulesLoadedAtStart(contents))
        var apps: [String: [String]] = [:]
        for entry in contents.keys where entry.hasPrefix("/js/apps/") && entry.hasSuffix("/index.js") && entry.split(separator: "/").count == 4 {
            apps[String(entry.split(separator: "/")[2])] = modules(from: entry, in: contents).filter { !shell.contains($0) }
        }
        return apps
    }

    /// `entry` and every module it imports, down to the leaves, in the order found. Imports are
    /// read from the text (`from './x.js'`, `import './x.js'`); a match that is no module (in a
    /// comment) is dropped unless it names one.
    private static func modules(from entry: String, in contents: [String: [UInt8]]) -> [String] {
        var found: [String] = [], seen = Set<String>(), queue = [entry].filter { contents[$0] != nil }
        while !queue.isEmpty {
            let path = queue.removeFirst()
            guard seen.insert(path).inserted, let bytes = contents[path] else { continue }
            found.append(path)
            let text = String(decoding: bytes, as: UTF8.self)
            let base = path.split(separator: "/").dropLast().map(String.init)
            for specifier in importSpecifiers(in: text) {
                guard let resolved = resolve(specifier, from: base), contents[resolved] != nil, !seen.contains(resolved) else { continue }
                queue.append(resolved)
            }
        }
        return found
    }

    /// The relative specifiers of a module's static imports and re-exports.
    private static func importSpecifiers(in text: String) -> [String] {
        var specifiers: [String] = []
        for marker in ["from '", "from \"", "import '", "import \""] {
            var rest = text[...]
            while let found = rest.range(of: marker) {
                let start = found.upperBound
                guard let end = rest[start...].firstIndex(of: marker.last ?? "'") else { break }
                let specifier = String(rest[start..<end])
                if specifier.hasPrefix("./") || specifier.hasPrefix("../") { specifiers.append(specifier) }
                rest = rest[end...]
            }
        }
        return specifiers
    }

    /// `specifier` (`./x.js`, `../y/z.js`) from a module in the folder `base` (path parts), or nil
    /// when it would climb out of the files.
    private static func resolve(_ specifier: String, from base: [String]) -> String? {
        var parts = base.filter { !$0.isEmpty }
        for part in specifier.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": guard !parts.isEmpty else { return nil }; parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// What a file's request is answered: the front listener writes it as it is
    /// (`FrontRelay.answerFromMemory`), Vapor's middleware as a `Response`.
    struct Answer: Sendable {
        let status: HTTPResponseStatus
        let headers: HTTPHeaders
        /// Nil for a 304. A HEAD is given the body too: whoever writes the answer drops it and
        /// keeps its length.
        let body: ByteBuffer?
    }

    /// The answer for `request`, or nil when it names no file (the routes take it from there).
    func response(for request: Request) -> Response? {
        answer(method: request.method, path: request.url.path, headers: request.headers).map(Self.response)
    }

    /// `index.html`, for the routes that open the web client at a deep link (`/c/<code>`).
    func index(for request: Request) -> Response? {
        files["/index.html"].map { Self.response(Self.answer($0, headers: request.headers, immutable: false)) }
    }

    /// The answer for a request's method, path (without its query) and headers, or nil when they
    /// name no file.
    func answer(method: HTTPMethod, path: String, headers: HTTPHeaders) -> Answer? {
        guard method == .GET || method == .HEAD else { return nil }
        var path = path
        var immutable = false
        if path.hasPrefix(Self.staticPrefix) {
            let rest = path.dropFirst(Self.staticPrefix.count)
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            // An older version's URL (a page loaded before a deploy asking for a module it has not
            // yet loaded) gets today's file, revalidated rather than kept.
            immutable = rest[..<slash] == version
            path = String(rest[slash...])
        }
        if path == "/" { path = "/index.html" }
        guard let file = files[path] else { return nil }
        return Self.answer(file, headers: headers, immutable: immutable)
    }

    private static func response(_ answer: Answer) -> Response {
        // A HEAD gets the same answer: Vapor's server sends its headers (the length among them)
        // and drops the body.
        Response(status: answer.status, headers: answer.headers, body: answer.body.map { .init(buffer: $0) } ?? .empty)
    }

    private static func answer(_ file: File, headers requestHeaders: HTTPHeaders, immutable: Bool) -> Answer {
        let gzip = file.gzipped != nil && acceptsGzip(requestHeaders)
        let tag = "\"" + file.tag + (gzip ? "-gz" : "") + "\""
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: file.contentType)
        headers.replaceOrAdd(name: .eTag, value: tag)
        headers.replaceOrAdd(name: .cacheControl, value: immutable ? "public, max-age=31536000, immutable" : "no-cache")
        if file.gzipped != nil { headers.replaceOrAdd(name: .vary, value: "Accept-Encoding") }
        if requestHeaders[.ifNoneMatch].flatMap({ $0.split(separator: ",") }).contains(where: { matches($0, tag) }) {
            return Answer(status: .notModified, headers: headers, body: nil)
        }
        if gzip { headers.replaceOrAdd(name: .contentEncoding, value: "gzip") }
        return Answer(status: .ok, headers: headers, body: gzip ? file.gzipped ?? file.body : file.body)
    }

    /// Whether one entity tag of an `If-None-Match` list names `tag` (weakly, as RFC 9110 says
    /// for this header; `*` names anything).
    private static func matches(_ candidate: Substring, _ tag: String) -> Bool {
        var candidate = candidate.trimmingCharacters(in: .whitespaces)
        if candidate == "*" { return true }
        if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
        return candidate == tag
    }

    /// Whether `Accept-Encoding` allows gzip (present, and not with `q=0`).
    static func acceptsGzip(_ headers: HTTPHeaders) -> Bool {
        for entry in headers[.acceptEncoding].flatMap({ $0.split(separator: ",") }) {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return q > 0
        }
        return false
    }
}
