import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection for tests that need to control exactly how bytes reach the server:
/// a body split over several writes with pauses (as a phone uploads a photo), a client that
/// stops halfway, a WebSocket frame no browser would send. Blocking socket calls run on a
/// dispatch queue, off Swift's cooperative threads.
public final class RawHTTPConnection: @unchecked Sendable {
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "kindred.tests.raw-connection")

    public struct Closed: Error {}
    public struct TimedOut: Error, CustomStringConvertible {
        public let received: [UInt8]
        public var description: String { "no complete answer in time; got \(received.count) bytes: \(String(decoding: received.prefix(300), as: UTF8.self))" }
    }

    /// Writing to a socket the server has closed raises SIGPIPE, which would end the test run;
    /// ignored, the write fails with EPIPE instead and the test sees `Closed`.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    public init(port: Int) throws {
        Self.ignoreBrokenPipes
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Closed() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { close(descriptor); throw Closed() }
    }

    public convenience init(_ kindred: TestKindred) throws {
        guard let port = kindred.baseURL?.port else { throw Closed() }
        try self.init(port: port)
    }

    deinit { close(descriptor) }

    /// Ends the connection from this side (the descriptor itself is released on deinit).
    public func hangUp() { shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Writes all of `bytes` (the server may take them in several reads).
    public func send(_ bytes: [UInt8]) async throws {
        try await onQueue {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(self.descriptor, $0.baseAddress, $0.count) }
                guard written > 0 else { throw Closed() }
                offset += written
            }
        }
    }

    public func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// Bytes until the server closes, `marker` has arrived, or `timeout` passes, whichever is first.
    public func receive(until marker: String? = nil, timeout: TimeInterval) async throws -> (bytes: [UInt8], closed: Bool) {
        let needle = marker.map { Array($0.utf8) }
        return try await onQueue {
            var received: [UInt8] = []
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while Date() < deadline {
                var poller = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
                guard ready > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(self.descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { return (received, true) }
                received += buffer[0..<count]
                if let needle, Self.contains(received, needle) { return (received, false) }
            }
            return (received, false)
        }
    }

    /// One HTTP/1.1 response: its status, headers (lower-cased names) and body (by
    /// `Content-Length`, or up to the close).
    public func response(timeout: TimeInterval) async throws -> (status: Int, headers: [String: String], body: [UInt8]) {
        try await onQueue {
            var received: [UInt8] = []
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                if let parsed = Self.parse(received) { return parsed }
                var poller = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { throw TimedOut(received: received) }
                guard poll(&poller, 1, Int32(max(1, left * 1000))) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(self.descriptor, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if let parsed = Self.parse(received, closed: true) { return parsed }
                    throw TimedOut(received: received)
                }
                received += buffer[0..<count]
            }
        }
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    private static func parse(_ bytes: [UInt8], closed: Bool = false) -> (Int, [String: String], [UInt8])? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.dropLast(3).first(where: { Array(bytes[$0..<$0 + 4]) == separator }) else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = Array(bytes[(end + 4)...])
        // These never have a body; what follows a 101 belongs to the new protocol.
        if [101, 204, 304].contains(status) { return (status, headers, []) }
        if let length = headers["content-length"].flatMap(Int.init) {
            return body.count >= length ? (status, headers, Array(body.prefix(length))) : nil
        }
        return closed ? (status, headers, body) : nil
    }

    private func onQueue<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
