import AsyncHTTPClient
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import Vapor

/// Where an S3-compatible store is and who Kindred is there (`KINDRED_S3_*`).
public struct S3Settings: Sendable, Equatable {
    /// Scheme, host and port (`https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000`).
    public var endpoint: String
    public var bucket: String
    public var region: String
    public var accessKeyID: String
    public var secretAccessKey: SecretString
    public var sessionToken: String?
}

/// The media store on an S3-compatible service (AWS S3, MinIO, R2, moto), so that several
/// instances serve each other's uploads. Requests are signed with `AWSSigV4` and addressed
/// path-style (`endpoint/bucket/key`), which every such service answers. Media URLs are still
/// Kindred's own signed `/media-files/` URLs: a read is proxied, with `Range` passed through,
/// so clients see no change and the bucket stays private.
final class S3MediaStore: MediaStore {
    let settings: S3Settings
    private let signer: AWSSigV4
    private let client: HTTPClient
    private let clock: @Sendable () -> Date
    private let logger: Logger

    /// Keys listed and deleted per round when an account's files go.
    static let listPage = 1_000

    /// How files are cut for a multipart upload: parts of `partSize` bytes (S3 wants at least
    /// 5 MiB for every part but the last), used for files larger than `threshold`.
    struct Multipart: Sendable {
        var threshold: Int
        var partSize: Int
        /// 8 MiB parts above 16 MiB: a 100 MiB video is 13 parts, each hashed and signed, and a
        /// part that fails is sent again alone rather than the whole file.
        static let standard = Multipart(threshold: 16 << 20, partSize: 8 << 20)
    }

    let multipart: Multipart
    /// How many times a part is sent before the upload is given up.
    static let partAttempts = 3

    init(settings: S3Settings, eventLoopGroup: any EventLoopGroup, clock: @escaping @Sendable () -> Date, logger: Logger,
         multipart: Multipart = .standard) {
        self.settings = settings
        self.multipart = multipart
        signer = AWSSigV4(credentials: .init(accessKeyID: settings.accessKeyID, secretAccessKey: settings.secretAccessKey,
                                             sessionToken: settings.sessionToken),
                          region: settings.region, service: "s3")
        // AsyncHTTPClient retries a refused connection until the connect timeout: a store that is
        // down would hold every upload and media read that long. Three seconds is far above a
        // working store's connect time.
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(3), read: .seconds(60)))
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroupProvider: .shared(eventLoopGroup), configuration: configuration)
        self.clock = clock
        self.logger = logger
    }

    func shutdown() async throws {
        try await client.shutdown()
    }

    /// The media type of a key by its extension (`.jpg`, `.mp4`), as Vapor's file streaming names it.
    static func contentType(of key: String) -> String {
        let fileExtension = key.split(separator: ".").last.map(String.init) ?? ""
        return HTTPMediaType.fileExtension(fileExtension)?.serialize() ?? "application/octet-stream"
    }

    func put(_ bytes: [UInt8], key: String) async throws {
        // The client sets Content-Length from the body; it is not among the signed headers.
        let response = try await send("PUT", key: key, headers: [(name: "Content-Type", value: Self.contentType(of: key))],
                                      body: .bytes(ByteBuffer(bytes: bytes)), payloadHash: AWSSigV4.hexSHA256(bytes))
        try await expect(response, [200], doing: "store \(key)")
    }

    /// Takes over the file (a video too large to hold in memory) and removes it once stored. Up to
    /// `multipart.threshold` it is streamed in one PUT, its payload unsigned as S3 allows, the
    /// client pulling each megabyte as it sends the last; above, it goes up in parts
    /// (`putInParts`). Either way no more than a part is held, however large the file.
    func put(file path: String, key: String) async throws {
        let size = try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        if size > multipart.threshold {
            try await putInParts(handle, size: size, key: key)
        } else {
            let response = try await send("PUT", key: key, headers: [(name: "Content-Type", value: Self.contentType(of: key))],
                                          body: .stream(FileChunks(handle: handle), length: .known(Int64(size))),
                                          payloadHash: AWSSigV4.unsignedPayload)
            try await expect(response, [200], doing: "store \(key)")
        }
        try FileManager.default.removeItem(atPath: path)
    }

    /// S3's multipart upload: begun, each part read, hashed, signed and sent (again, up to
    /// `partAttempts` times, when it fails), then completed with the parts' ETags. An upload that
    /// cannot finish is aborted, so its parts do not linger in the bucket (an operator's lifecycle
    /// rule catches the ones a crash leaves: docs/DEPLOY.md).
    private func putInParts(_ handle: FileHandle, size: Int, key: String) async throws {
        let begun = try await send("POST", key: key, query: [(name: "uploads", value: "")],
                                   headers: [(name: "Content-Type", value: Self.contentType(of: key))])
        try await expect(begun, [200], doing: "begin storing \(key)")
        guard let uploadID = S3XML(try await begun.body.collect(upTo: 1 << 20)).first("UploadId") else {
            logger.error("The media store began a multipart upload of \(key) without naming it")
            throw Self.unavailable
        }
        let upload = [(name: "uploadId", value: uploadID)]
        do {
            var tags: [String] = []
            var offset = 0
            while offset < size {
                let length = min(multipart.partSize, size - offset)
                let bytes = try await NIOThreadPool.singleton.runIfActive { [handle, offset] in
                    try handle.seek(toOffset: UInt64(offset))
                    return [UInt8](try handle.read(upToCount: length) ?? Data())
                }
                guard bytes.count == length else { throw Self.unavailable }
                tags.append(try await putPart(bytes, number: tags.count + 1, key: key, upload: upload))
                offset += length
            }
            let parts = tags.enumerated().map { "<Part><PartNumber>\($0.offset + 1)</PartNumber><ETag>\(Self.escapeXML($0.element))</ETag></Part>" }
            let document = Array(("<CompleteMultipartUpload>" + parts.joined() + "</CompleteMultipartUpload>").utf8)
            let completed = try await send("POST", key: key, query: upload, body: .bytes(ByteBuffer(bytes: document)),
                                           payloadHash: AWSSigV4.hexSHA256(document))
            try await expect(completed, [200], doing: "finish storing \(key)")
            // S3 can answer 200 and still fail the completion: the error is then in the body.
            let answer = S3XML(try await completed.body.collect(upTo: 1 << 20))
            if let code = answer.first("Code") {
                logger.error("The media store refused to finish storing \(key): \(code)")
                throw Self.unavailable
            }
        } catch {
            let aborted = try? await send("DELETE", key: key, query: upload)
            if let aborted, ![200, 204, 404].contains(aborted.status.code) {
                logger.warning("The media store did not abort the unfinished upload of \(key): \(aborted.status.code)")
            }
            throw error
        }
    }

    /// One part, sent up to `partAttempts` times; its ETag, which completing the upload names.
    private func putPart(_ bytes: [UInt8], number: Int, key: String, upload: [(name: String, value: String)]) async throws -> String {
        let hash = AWSSigV4.hexSHA256(bytes)
        var attempt = 1
        while true {
            do {
                let response = try await send("PUT", key: key, query: [(name: "partNumber", value: String(number))] + upload,
                                              body: .bytes(ByteBuffer(bytes: bytes)), payloadHash: hash)
                try await expect(response, [200], doing: "store part \(number) of \(key)")
                guard let tag = response.headers.first(name: "ETag") else { throw Self.unavailable }
                return tag
            } catch where attempt < Self.partAttempts {
                attempt += 1
                try await Task.sleep(for: .milliseconds(200 * attempt))
            }
        }
    }

    private static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    func delete(key: String) async throws {
        // Deleting what is not there is no error (S3 answers 204 either way; some stores 404).
        let response = try await send("DELETE", key: key)
        try await expect(response, [200, 204, 404], doing: "delete \(key)")
    }

    func deleteAll(prefix: String) async throws {
        guard MediaKey.isValid(prefix) else { return }
        var token: String?
        repeat {
            var query = [(name: "list-type", value: "2"), (name: "prefix", value: prefix), (name: "max-keys", value: String(Self.listPage))]
            if let token { query.append((name: "continuation-token", value: token)) }
            let response = try await send("GET", key: nil, query: query)
            try await expect(response, [200], doing: "list \(prefix)")
            let listing = S3Listing(xml: try await response.body.collect(upTo: 16 << 20))
            for key in listing.keys where key.hasPrefix(prefix) { try await delete(key: key) }
            token = listing.nextToken
        } while token != nil
    }

    func response(for key: String, request: Request) async throws -> Response? {
        guard MediaKey.isValid(key) else { return nil }
        // What a browser asks of a media URL is passed on: the range, and its cached copy's tag.
        let forwarded = ["Range", "If-None-Match", "If-Modified-Since", "If-Range"]
        let headers = forwarded.compactMap { name in request.headers.first(name: name).map { (name: name, value: $0) } }
        let upstream = try await send("GET", key: key, headers: headers)
        if upstream.status == .notFound { return nil }
        guard [.ok, .partialContent, .notModified, .rangeNotSatisfiable].contains(upstream.status) else {
            try await expect(upstream, [200], doing: "read \(key)")
            return nil
        }
        var answer = HTTPHeaders()
        for name in ["Content-Length", "Content-Range", "ETag", "Last-Modified", "Accept-Ranges"] {
            if let value = upstream.headers.first(name: name) { answer.replaceOrAdd(name: name, value: value) }
        }
        // As the file store answers: the type the key's extension names.
        answer.replaceOrAdd(name: "Content-Type", value: Self.contentType(of: key))
        let length = upstream.headers.first(name: "Content-Length").flatMap(Int.init)
        let body = upstream.body
        return Response(status: HTTPResponseStatus(statusCode: Int(upstream.status.code)), headers: answer,
                        body: .init(asyncStream: { writer in
                            do {
                                for try await chunk in body { try await writer.write(.buffer(chunk)) }
                                try await writer.write(.end)
                            } catch {
                                try? await writer.write(.error(error))
                            }
                        }, count: length ?? -1))
    }

    /// Streams the object to the file a chunk at a time, so a large video is never held whole.
    func copy(key: String, toFile path: String) async throws -> Bool {
        let response = try await send("GET", key: key)
        if response.status == .notFound { return false }
        try await expect(response, [200], doing: "read \(key)")
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let file = FileHandle(forWritingAtPath: path)
        else { throw Self.unavailable }
        do {
            for try await chunk in response.body {
                try await NIOThreadPool.singleton.runIfActive { try file.write(contentsOf: Data(buffer: chunk)) }
            }
            try file.close()
        } catch {
            try? file.close()
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        return true
    }

    /// S3's CopyObject: a PUT of the new key naming the old one in `x-amz-copy-source`, so the
    /// bytes never leave the store (one request, whatever the size, up to S3's 5 GiB, far above
    /// the largest upload). S3 may answer a copy 200 and still fail it, with an `<Error>` body in
    /// place of `<CopyObjectResult>`, so the body is read either way.
    func copy(key: String, to destination: String) async throws -> Bool {
        guard MediaKey.isValid(key) else { throw AppError.notFound("media") }
        // The source is `bucket/key`, escaped as a path; keys hold no character that needs it.
        let source = "/" + settings.bucket + "/" + key
        let response = try await send("PUT", key: destination, headers: [(name: "x-amz-copy-source", value: source)])
        if response.status == .notFound {
            let code = S3XML(try await response.body.collect(upTo: 64 * 1024)).first("Code")
            // A missing bucket is a broken store, not a missing file.
            if code == "NoSuchKey" { return false }
            logger.error("The media store refused to copy \(key): 404 \(code ?? "")")
            throw Self.unavailable
        }
        try await expect(response, [200], doing: "copy \(key)")
        let answer = S3XML(try await response.body.collect(upTo: 64 * 1024))
        guard answer.first("ETag") != nil, answer.first("Code") == nil else {
            logger.error("The media store failed to copy \(key): \(answer.first("Code") ?? "no result")")
            throw Self.unavailable
        }
        return true
    }

    // MARK: - Requests

    func send(_ method: String, key: String?, query: [(name: String, value: String)] = [],
                      headers extra: [(name: String, value: String)] = [], body: HTTPClientRequest.Body? = nil,
                      payloadHash: String = AWSSigV4.hexSHA256([UInt8]())) async throws -> HTTPClientResponse {
        if let key, !MediaKey.isValid(key) { throw AppError.notFound("media") }
        guard let base = URL(string: settings.endpoint), let host = base.host else { throw Self.unavailable }
        let path = "/" + settings.bucket + (key.map { "/" + $0 } ?? "")
        let hostHeader = base.port.map { "\(host):\($0)" } ?? host
        let signed = AWSSigV4.Request(method: method, path: path, query: query,
                                      headers: [(name: "Host", value: hostHeader), (name: "x-amz-content-sha256", value: payloadHash)] + extra)
        let authorization = signer.sign(signed, payloadHash: payloadHash, at: clock())
        let queryText = AWSSigV4.canonicalQuery(query)
        var request = HTTPClientRequest(url: settings.endpoint.trimmingSuffix("/") + AWSSigV4.canonicalPath(path)
                                        + (queryText.isEmpty ? "" : "?" + queryText))
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in signed.headers + authorization where name != "Host" { request.headers.add(name: name, value: value) }
        if let body { request.body = body }
        do {
            return try await client.execute(request, timeout: .seconds(60), logger: logger)
        } catch {
            logger.error("The media store did not answer \(method) \(path): \(error)")
            throw Self.unavailable
        }
    }

    private func expect(_ response: HTTPClientResponse, _ statuses: [UInt], doing what: String) async throws {
        guard !statuses.contains(response.status.code) else { return }
        // S3's error document names the problem (SignatureDoesNotMatch, NoSuchBucket); it holds no secret.
        let text = (try? await response.body.collect(upTo: 8 * 1024)).map { String(buffer: $0) } ?? ""
        let code = text.range(of: "<Code>").flatMap { start in text.range(of: "</Code>").map { String(text[start.upperBound..<$0.lowerBound]) } }
        logger.error("The media store refused to \(what): \(response.status.code) \(code ?? "")")
        throw Self.unavailable
    }

    static let unavailable = AppError(.unavailable, .serviceUnavailable, "Media storage is unavailable right now. Try again shortly.")
}

/// A file's bytes a megabyte at a time, each read on NIO's thread pool when the client asks
/// for it.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let handle: FileHandle

    struct AsyncIterator: AsyncIteratorProtocol {
        let handle: FileHandle

        mutating func next() async throws -> ByteBuffer? {
            let handle = handle
            let data = try await NIOThreadPool.singleton.runIfActive { try handle.read(upToCount: 1 << 20) }
            guard let data, !data.isEmpty else { return nil }
            return ByteBuffer(data: data)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(handle: handle) }
}

/// The text of each element of an S3 answer, in document order, read with Foundation's XML
/// parser: S3's answers are flat enough that an element's name says what it is (`Key`,
/// `UploadId`, `Code`).
struct S3XML {
    private(set) var elements: [(name: String, text: String)] = []

    init(_ xml: ByteBuffer) {
        let reader = Reader()
        let parser = XMLParser(data: Data(buffer: xml))
        parser.delegate = reader
        _ = parser.parse()
        elements = reader.elements
    }

    func all(_ name: String) -> [String] { elements.filter { $0.name == name }.map(\.text) }

    func first(_ name: String) -> String? { elements.first { $0.name == name }?.text }

    private final class Reader: NSObject, XMLParserDelegate {
        var elements: [(name: String, text: String)] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            elements.append((name, text))
            text = ""
        }
    }
}

/// The keys and continuation token of a ListObjectsV2 answer.
struct S3Listing {
    var keys: [String]
    var nextToken: String?

    init(xml: ByteBuffer) {
        let answer = S3XML(xml)
        keys = answer.all("Key")
        nextToken = answer.first("IsTruncated") == "true" ? answer.first("NextContinuationToken") : nil
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// Closes the store's HTTP client at shutdown, after the requests in flight (registered before
/// `RequestsInFlightLifecycle`, so it stops after it).
struct S3MediaStoreLifecycle: LifecycleHandler {
    let store: S3MediaStore

    func shutdownAsync(_ application: Application) async {
        do { try await store.shutdown() } catch {
            application.logger.warning("The media store's HTTP client did not close cleanly: \(error)")
        }
    }

    func shutdown(_ application: Application) {}
}
