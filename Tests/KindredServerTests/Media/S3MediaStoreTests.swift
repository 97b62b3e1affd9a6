import Fluent
import Foundation
import KindredAPI
import KindredTestSupport
import Testing
import Vapor
@testable import KindredServer

/// The media store on S3, against moto's standalone server (`Support/s3_server.py`), which checks
/// every request's Signature Version 4: uploads land in the bucket, signed media URLs keep
/// working unchanged (ranges included), deleting a file or an account empties the bucket of it,
/// and a wrong key is refused and said as a problem.
@Suite("S3 media store against a signature-checking S3 server (moto)", .enabled(if: PythonServer.enabled))
struct S3MediaStoreTests {
    static func withS3<T>(_ body: (S3Settings) async throws -> T) async throws -> T {
        let server = try await PythonServer.start("s3_server.py", [])
        defer { server.stop() }
        try #require(server.fields.count == 4, "s3_server.py: \(server.fields)")
        let f = server.fields
        return try await body(S3Settings(endpoint: f[0], bucket: f[1], region: "us-east-1", accessKeyID: f[2],
                                         secretAccessKey: SecretString(f[3])))
    }

    static func store(_ kindred: TestKindred) throws -> S3MediaStore {
        try #require(kindred.app.kindred.mediaStore as? S3MediaStore)
    }

    /// What the store answers for `key` (nil: not in the bucket), read whole.
    static func read(_ key: String, range: String? = nil, on kindred: TestKindred) async throws -> (Response, [UInt8])? {
        let request = Request(application: kindred.app, method: .GET, url: "/", headers: range.map { ["Range": $0] } ?? [:],
                              on: kindred.app.eventLoopGroup.next())
        guard let response = try await store(kindred).response(for: key, request: request) else { return nil }
        let body = try await response.body.collect(on: kindred.app.eventLoopGroup.next()).get()
        return (response, body.map { Array($0.readableBytesView) } ?? [])
    }

    @Test func uploadsLiveInTheBucketAndSignedURLsServeThemWithRanges() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let ada = try await kindred.signUp("ada")
                let png = TestPNG.make(width: 48, height: 32, seed: 7)
                let uploaded = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: png)
                #expect(uploaded.status == .created, "\(uploaded.body.string)")
                let media = try uploaded.decode(Components.Schemas.Media.self)
                let item = try #require(try await MediaItem.find(media.id, on: kindred.app.db))

                // The bytes are in the bucket, not on this instance's disk.
                let stored = try #require(try await Self.read(item.storageKey, on: kindred))
                #expect(Int64(stored.1.count) == media.byteCount)
                let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: kindred.configuration.mediaDirectory)) ?? []
                #expect(onDisk.filter { $0 != MediaService.stagingFolder }.isEmpty)

                // The signed URL clients already hold works as before, whole and by range.
                let whole = try await kindred.app.testing().sendRequest(.GET, media.url)
                #expect(whole.status == .ok)
                #expect(whole.headers.first(name: .contentType) == "image/png")
                #expect(Array(whole.body.readableBytesView) == stored.1)
                let part = try await kindred.app.testing().sendRequest(.GET, media.url, headers: ["Range": "bytes=0-9"])
                #expect(part.status == .partialContent)
                #expect(Array(part.body.readableBytesView) == Array(stored.1.prefix(10)))
                #expect(part.headers.first(name: "Content-Range") == "bytes 0-9/\(stored.1.count)")

                // Deleting the upload deletes the object.
                #expect(try await kindred.send(.DELETE, "/media/\(media.id)", token: ada.accessToken).status == .noContent)
                #expect(try await Self.read(item.storageKey, on: kindred) == nil)
                #expect(try await kindred.app.testing().sendRequest(.GET, media.url).status == .notFound)
            }
        }
    }

    /// A phone's photo, as the web client sends it (its headers, an idempotency key), lands in the
    /// bucket whole and comes back through its signed URL, without its location.
    @Test func aPhonePhotoOfSeveralMegabytesGoesThroughTheAPI() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let ada = try await kindred.signUp("photographer")
                let photo = MediaFixtures.photo(megabytes: 5)
                let uploaded = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: photo,
                                                      headers: ["Content-Type": "application/octet-stream", "Idempotency-Key": UUID().uuidString])
                #expect(uploaded.status == .created, "\(uploaded.body.string.prefix(300))")
                let media = try uploaded.decode(Components.Schemas.Media.self)
                #expect(media.byteCount > 5_000_000)
                let served = try await kindred.app.testing().sendRequest(.GET, media.url)
                #expect(served.status == .ok && Int64(served.body.readableBytes) == media.byteCount)
                #expect(!Array(served.body.readableBytesView).containsASCII(MediaFixtures.gpsMarker))
            }
        }
    }

    @Test func anAccountsFilesLeaveTheBucketWithIt() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let ada = try await kindred.signUp("grace")
                let bea = try await kindred.signUp("mary")
                var keys: [String] = []
                for seed in 1...3 {
                    let media = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: UInt8(seed)))
                        .decode(Components.Schemas.Media.self)
                    keys.append(try #require(try await MediaItem.find(media.id, on: kindred.app.db)).storageKey)
                }
                let theirs = try await kindred.send(.POST, "/media", token: bea.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: 9))
                    .decode(Components.Schemas.Media.self)
                let theirKey = try #require(try await MediaItem.find(theirs.id, on: kindred.app.db)).storageKey
                #expect(try await kindred.send(.DELETE, "/me", token: ada.accessToken).status == .noContent)
                let first = keys[0]
                try await eventually { try await Self.read(first, on: kindred) == nil }
                for key in keys { #expect(try await Self.read(key, on: kindred) == nil, "\(key) outlived its account") }
                #expect(try await Self.read(theirKey, on: kindred) != nil, "another account's file stays")
            }
        }
    }

    @Test func aLargeFileIsStreamedUpAndReadBackByRange() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                var generator = SystemRandomNumberGenerator()
                let bytes = (0..<(5 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-s3-\(UUID().uuidString)").path
                #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
                let key = MediaKey.prefix(owner: UUID()) + UUID().uuidString.lowercased() + ".mp4"
                try await Self.store(kindred).put(file: path, key: key)
                #expect(!FileManager.default.fileExists(atPath: path), "the store takes the file over")
                let whole = try #require(try await Self.read(key, on: kindred))
                #expect(whole.1 == bytes)
                let middle = try #require(try await Self.read(key, range: "bytes=1048576-1048675", on: kindred))
                #expect(middle.0.status == .partialContent && middle.1 == Array(bytes[1_048_576...1_048_675]))
                try await Self.store(kindred).delete(key: key)
                #expect(try await Self.read(key, on: kindred) == nil)
                // Deleting what is not there is no error.
                try await Self.store(kindred).delete(key: key)
            }
        }
    }

    /// CopyObject: the copy is made inside the bucket (moto checks the signature of the PUT that
    /// names its source), reads back byte for byte, and a missing source is said as such.
    @Test func aFileIsCopiedInsideTheBucket() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let store = try Self.store(kindred)
                let owner = UUID()
                let bytes = MediaFixtures.photo(megabytes: 2)
                let source = MediaKey.prefix(owner: owner) + UUID().uuidString.lowercased() + ".jpg"
                let target = MediaKey.prefix(owner: owner) + UUID().uuidString.lowercased() + ".jpg"
                try await store.put(bytes, key: source)
                // act
                #expect(try await store.copy(key: source, to: target))
                // validate
                let copied = try #require(try await Self.read(target, on: kindred))
                #expect(copied.1 == bytes && copied.0.headers.first(name: .contentType) == "image/jpeg")
                try await store.delete(key: source)
                #expect(try await Self.read(target, on: kindred) != nil, "the copy lives on its own")
                #expect(try await store.copy(key: source, to: MediaKey.prefix(owner: owner) + "gone.jpg") == false)
                #expect(try await Self.read(MediaKey.prefix(owner: owner) + "gone.jpg", on: kindred) == nil)

                // Through the API: a post's photo made the profile photo is such a copy.
                let ada = try await kindred.signUp("ada")
                func upload(_ png: [UInt8]) async throws -> UUID {
                    try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: png).decode(Components.Schemas.Media.self).id
                }
                let display = try await upload(TestPNG.make(width: 64, height: 48, seed: 3))
                let thumbnail = try await upload(TestPNG.make(width: 32, height: 24, seed: 4))
                let body = try JSONSerialization.data(withJSONObject: ["caption": "", "media": [["display": display.uuidString, "thumbnail": thumbnail.uuidString]]])
                let made = try await kindred.send(.POST, "/kinnect/posts", token: ada.accessToken, bytes: Array(body), headers: ["Content-Type": "application/json"])
                #expect(made.status == .created, "\(made.body.string)")
                let me = try await kindred.send(.PATCH, "/me", token: ada.accessToken, json: ["avatarId": display.uuidString]).decode(Components.Schemas.Me.self)
                let avatar = try #require(me.profile.avatar)
                #expect(avatar.id != display)
                let original = try #require(try await MediaItem.find(display, on: kindred.app.db))
                let copy = try #require(try await MediaItem.find(avatar.id, on: kindred.app.db))
                let copiedBytes = try await Self.read(copy.storageKey, on: kindred)?.1
                let sourceBytes = try await Self.read(original.storageKey, on: kindred)?.1
                #expect(copiedBytes != nil && copiedBytes == sourceBytes)
            }
        }
    }

    /// A file written to a temporary path, as an upload is staged, and its bytes.
    static func stagedFile(bytes count: Int) -> (path: String, bytes: [UInt8]) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kindred-s3-\(UUID().uuidString)").path
        precondition(FileManager.default.createFile(atPath: path, contents: Data(bytes)), "could not stage \(path)")
        return (path, bytes)
    }

    /// The multipart uploads the bucket holds unfinished (ListMultipartUploads).
    static func unfinishedUploads(_ store: S3MediaStore) async throws -> [String] {
        let listing = try await store.send("GET", key: nil, query: [(name: "uploads", value: "")])
        #expect(listing.status == .ok)
        return S3XML(try await listing.body.collect(upTo: 1 << 20)).all("UploadId")
    }

    /// A file above the threshold goes up in parts (5, 5 and 1 MiB here, S3's smallest part
    /// size), each signed with its own hash, and comes back whole and by ranges that cross parts;
    /// nothing is left unfinished in the bucket.
    @Test func aFileAboveTheThresholdGoesUpInPartsAndReadsBackWhole() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let store = S3MediaStore(settings: s3, eventLoopGroup: kindred.app.eventLoopGroup, clock: { Date() },
                                         logger: kindred.app.logger, multipart: .init(threshold: 5 << 20, partSize: 5 << 20))
                do {
                    let file = Self.stagedFile(bytes: (11 << 20) + 12_345)
                    let key = MediaKey.prefix(owner: UUID()) + UUID().uuidString.lowercased() + ".mp4"
                    try await store.put(file: file.path, key: key)
                    #expect(!FileManager.default.fileExists(atPath: file.path), "the store takes the file over")
                    let request = { (range: String?) in
                        Request(application: kindred.app, method: .GET, url: "/", headers: range.map { ["Range": $0] } ?? [:],
                                on: kindred.app.eventLoopGroup.next())
                    }
                    let whole = try #require(try await store.response(for: key, request: request(nil)))
                    let body = try await whole.body.collect(on: kindred.app.eventLoopGroup.next()).get()
                    #expect(body.map { Array($0.readableBytesView) } == file.bytes)
                    // S3 names a multipart object's ETag by its parts' count.
                    #expect(whole.headers.first(name: "ETag")?.hasSuffix("-3\"") == true, "\(whole.headers)")
                    let across = (5 << 20) - 10
                    let part = try #require(try await store.response(for: key, request: request("bytes=\(across)-\(across + 19)")))
                    let partBody = try await part.body.collect(on: kindred.app.eventLoopGroup.next()).get()
                    #expect(part.status == .partialContent)
                    #expect(partBody.map { Array($0.readableBytesView) } == Array(file.bytes[across...(across + 19)]))
                    #expect(try await Self.unfinishedUploads(store).isEmpty)
                    try await store.delete(key: key)
                } catch {
                    try await store.shutdown()
                    throw error
                }
                try await store.shutdown()
            }
        }
    }

    /// An upload S3 will not complete (here: parts below its 5 MiB minimum) is aborted, so no
    /// parts linger, and is said as the store being unavailable; the object does not exist.
    @Test func anUploadThatCannotCompleteIsAbortedAndLeavesNothing() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let store = S3MediaStore(settings: s3, eventLoopGroup: kindred.app.eventLoopGroup, clock: { Date() },
                                         logger: kindred.app.logger, multipart: .init(threshold: 1 << 20, partSize: 1 << 20))
                do {
                    let file = Self.stagedFile(bytes: 3 << 20)
                    let key = MediaKey.prefix(owner: UUID()) + UUID().uuidString.lowercased() + ".mp4"
                    await #expect(throws: AppError.self) { try await store.put(file: file.path, key: key) }
                    #expect(try await Self.unfinishedUploads(store).isEmpty, "the parts were aborted")
                    let request = Request(application: kindred.app, method: .GET, url: "/", on: kindred.app.eventLoopGroup.next())
                    #expect(try await store.response(for: key, request: request) == nil)
                    try? FileManager.default.removeItem(atPath: file.path)
                } catch {
                    try await store.shutdown()
                    throw error
                }
                try await store.shutdown()
            }
        }
    }

    /// A store that does not answer (its server gone, mid-use) makes an upload a 503 problem
    /// with nothing recorded, and a media URL a 503 problem, not a hang or a 500; once it is back
    /// nothing else is lost.
    @Test func aStoreThatGoesAwayIsAProblemNotAHang() async throws {
        let server = try await PythonServer.start("s3_server.py", [])
        let f = server.fields
        try #require(f.count == 4)
        let s3 = S3Settings(endpoint: f[0], bucket: f[1], region: "us-east-1", accessKeyID: f[2], secretAccessKey: SecretString(f[3]))
        try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
            let ada = try await kindred.signUp("hedy")
            let media = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: 3))
                .decode(Components.Schemas.Media.self)
            server.stop()
            let started = ContinuousClock.now
            let upload = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: 4))
            #expect(upload.status == .serviceUnavailable)
            #expect(upload.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
            let read = try await kindred.app.testing().sendRequest(.GET, media.url)
            #expect(read.status == .serviceUnavailable)
            #expect(read.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
            // Two requests, each given up after the three-second connect timeout at most: a loaded
            // machine stretches that, but the ten seconds each a refused connection used to wait
            // (twenty in all) would not fit.
            #expect(ContinuousClock.now - started < .seconds(15), "a store that is down is answered, not waited on")
            #expect(try await MediaItem.query(on: kindred.app.db).count() == 1, "only the stored upload is recorded")
        }
    }

    /// "Download my data" on S3: the account's files are read back from the bucket into the ZIP,
    /// the ZIP is stored there too, and its link serves it.
    @Test func aDataExportGathersTheAccountsFilesFromTheBucket() async throws {
        try await Self.withS3 { s3 in
            try await withKindred(adjust: { $0.s3 = s3 }) { kindred in
                let ada = try await kindred.signUp("exporter")
                let photo = MediaFixtures.photo(megabytes: 3)
                let media = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: photo,
                                                   headers: ["Content-Type": "application/octet-stream"]).decode(Components.Schemas.Media.self)
                let export = try await DataExportTests.exportReady(ada, on: kindred)
                let files = try await DataExportTests.download(try #require(export.url), on: kindred).1
                let item = try #require(try await MediaItem.find(media.id, on: kindred.app.db))
                let stored = try #require(try await Self.read(item.storageKey, on: kindred))
                #expect(files["media/\(media.id.uuidString.lowercased()).jpg"] == stored.1)
                let key = try #require(try await DataExport.find(export.id, on: kindred.app.db)?.storageKey)
                #expect(try await Self.read(key, on: kindred) != nil, "the ZIP lives in the bucket")
            }
        }
    }

    @Test func aWrongKeyIsRefusedAndTheUploadIsAProblemNotAHalfSave() async throws {
        try await Self.withS3 { s3 in
            var wrong = s3
            wrong.secretAccessKey = SecretString("not-the-secret-" + UUID().uuidString)
            try await withKindred(adjust: { $0.s3 = wrong }) { kindred in
                let ada = try await kindred.signUp("katherine")
                let response = try await kindred.send(.POST, "/media", token: ada.accessToken, bytes: TestPNG.make(width: 8, height: 8, seed: 1))
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers.first(name: .contentType)?.hasPrefix("application/problem+json") == true)
                #expect(!response.body.string.contains("not-the-secret"), "no secret in the answer")
                #expect(try await MediaItem.query(on: kindred.app.db).count() == 0, "no record of a file that was not stored")
            }
        }
        // The settings come all together or not at all.
        #expect(throws: KindredConfiguration.Invalid.self) {
            try KindredConfiguration.fromEnvironment(["KINDRED_S3_ENDPOINT": "http://127.0.0.1:9000", "KINDRED_S3_BUCKET": "b"], isProduction: false)
        }
        let configured = try KindredConfiguration.fromEnvironment([
            "KINDRED_S3_ENDPOINT": "http://127.0.0.1:9000", "KINDRED_S3_BUCKET": "b", "KINDRED_S3_ACCESS_KEY_ID": "id",
            "KINDRED_S3_SECRET_ACCESS_KEY": "secret-value",
        ], isProduction: false)
        #expect(configured.s3?.region == "us-east-1")
        #expect(!"\(configured)".contains("secret-value"))
    }
}
