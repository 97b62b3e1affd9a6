import Foundation

/// Reads an MP4 or QuickTime upload's own boxes and lays it out again for the web:
/// - its length and picture size come from the movie header and the video track, not from
///   anything the client says;
/// - every `udta` and `meta` box of the movie and its tracks is dropped: that is where `©xyz`
///   (ISO 6709 location), the QuickTime `com.apple.quicktime.location.*` keys, the camera's make
///   and model and the creation date live. Nothing in them is needed to play the video, and
///   dropping them whole fails closed, where editing key lists would miss the next key Apple adds;
/// - top-level boxes other than `ftyp`, `moov` and `mdat` (XMP `uuid`, `free`, `wide`, `udta`)
///   are dropped for the same reason;
/// - the movie header goes before the media data ("fast start"), so a browser can start playing
///   from the first range request, and every chunk offset (`stco`, `co64`) is moved to match.
///
/// The media data itself is copied byte for byte: nothing is decoded or re-encoded.
enum VideoFile {
    static let durationLimit = 60.0
    /// A movie header is a table of contents: a minute of 60 fps video needs well under a megabyte.
    static let movieHeaderLimit = 32 << 20

    /// What the upload is and how to write it out: `header` (the file type box and the rewritten
    /// movie header), then the original bytes of each media data box in `mediaData`, in order.
    struct Plan: Sendable {
        var header: [UInt8]
        var mediaData: [Range<Int>]
        var width: Int
        var height: Int
        var duration: Double

        var outputSize: Int { header.count + mediaData.reduce(0) { $0 + $1.count } }
    }

    enum Refusal: Error, Equatable {
        case tooLong(seconds: Double)
        case fragmented
        case noVideoTrack
    }

    /// Plans the rewrite of a `size`-byte file read through `read`, which returns exactly the bytes
    /// of the range it is given (it is only asked for ranges inside the file).
    static func plan(size: Int, type: MediaType, read: (Range<Int>) throws -> [UInt8]) throws -> Plan {
        let top = try topLevelBoxes(size: size, type: type, read: read)
        guard let ftyp = top.first, ftyp.type == "ftyp" else { throw MalformedMedia(type, "the file does not start with ftyp") }
        let movies = top.filter { $0.type == "moov" }
        guard movies.count == 1, let moovBox = movies.first else { throw MalformedMedia(type, "\(movies.count) moov boxes") }
        guard !top.contains(where: { $0.type == "moof" }) else { throw Refusal.fragmented }
        guard moovBox.range.count <= movieHeaderLimit else { throw MalformedMedia(type, "a movie header of \(moovBox.range.count) bytes") }
        let mediaData = top.filter { $0.type == "mdat" }.map(\.range)

        let moov = try read(moovBox.range)
        let moovChildren = try BMFFBox.children(of: moov, in: (moovBox.contentStart - moovBox.range.lowerBound)..<moov.count, media: type)
        guard !moovChildren.contains(where: { $0.type == "mvex" }) else { throw Refusal.fragmented }
        guard let mvhd = moovChildren.first("mvhd") else { throw MalformedMedia(type, "no movie header (mvhd)") }
        var duration = try seconds(moov, fullBox: mvhd, timescaleOffset: (v0: 8, v1: 16), type: type)
        var picture: (width: Int, height: Int)?

        var rebuilt: [UInt8] = []
        for child in moovChildren {
            switch child.type {
            case "udta", "meta": continue
            case "trak":
                let track = try BMFFBox.children(of: moov, in: child.content, media: type)
                if let mdia = track.first("mdia") {
                    let media = try BMFFBox.children(of: moov, in: mdia.content, media: type)
                    if let mdhd = media.first("mdhd") {
                        duration = max(duration, try seconds(moov, fullBox: mdhd, timescaleOffset: (v0: 8, v1: 16), type: type))
                    }
                    if picture == nil, let hdlr = media.first("hdlr"), let tkhd = track.first("tkhd"),
                       moov.fourCC(at: try hdlr.fullBoxContent(media: type).lowerBound + 4) == "vide" {
                        picture = try displaySize(moov, tkhd: tkhd, type: type)
                    }
                }
                rebuilt += box(child.type, track.filter { $0.type != "udta" && $0.type != "meta" }.flatMap { moov[$0.range] })
            default:
                rebuilt += moov[child.range]
            }
        }
        guard let picture, picture.width > 0, picture.height > 0 else { throw Refusal.noVideoTrack }
        guard duration <= durationLimit else { throw Refusal.tooLong(seconds: duration) }

        var newMoov = box("moov", rebuilt)
        let ftypBytes = try read(ftyp.range)
        // Where each media data box lands: right after the file type and the new movie header.
        var moves: [(from: Range<Int>, to: Int)] = []
        var position = ftypBytes.count + newMoov.count
        for range in mediaData {
            moves.append((range, position))
            position += range.count
        }
        try moveChunkOffsets(in: &newMoov, moves: moves, type: type)
        return Plan(header: ftypBytes + newMoov, mediaData: mediaData, width: picture.width, height: picture.height, duration: duration)
    }

    /// The whole rewritten file, for a video already in memory.
    static func rewrite(_ bytes: [UInt8], type: MediaType) throws -> (bytes: [UInt8], plan: Plan) {
        let plan = try plan(size: bytes.count, type: type) { Array(bytes[$0]) }
        var output = plan.header
        output.reserveCapacity(plan.outputSize)
        for range in plan.mediaData { output += bytes[range] }
        return (output, plan)
    }

    /// Rewrites the file at `input` into `output` (created), copying the media data in pieces so
    /// a 100 MiB video never sits in memory.
    static func rewrite(file input: String, to output: String, type: MediaType) throws -> Plan {
        guard let reader = FileHandle(forReadingAtPath: input) else { throw MalformedMedia(type, "the upload could not be read") }
        defer { try? reader.close() }
        let size = Int(try reader.seekToEnd())
        func read(_ range: Range<Int>) throws -> [UInt8] {
            try reader.seek(toOffset: UInt64(range.lowerBound))
            let data = try reader.read(upToCount: range.count) ?? Data()
            guard data.count == range.count else { throw MalformedMedia(type, "the file ends early") }
            return [UInt8](data)
        }
        let plan = try plan(size: size, type: type, read: read)
        guard FileManager.default.createFile(atPath: output, contents: nil, attributes: [.posixPermissions: 0o600]),
              let writer = FileHandle(forWritingAtPath: output)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? writer.close() }
        try writer.write(contentsOf: plan.header)
        let piece = 1 << 20
        for range in plan.mediaData {
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(start + piece, range.upperBound)
                try writer.write(contentsOf: read(start..<end))
                start = end
            }
        }
        return plan
    }

    // MARK: - Reading boxes

    private static func topLevelBoxes(size: Int, type: MediaType, read: (Range<Int>) throws -> [UInt8]) throws -> [BMFFBox] {
        var boxes: [BMFFBox] = []
        var position = 0
        while position < size {
            let available = size - position
            let head = try read(position..<position + min(16, available))
            guard head.count >= 8, let size32 = head.uint32BE(at: 0), let boxType = head.fourCC(at: 4) else {
                // QuickTime tolerates a few zero bytes at the very end.
                guard head.allSatisfy({ $0 == 0 }) else { throw MalformedMedia(type, "truncated box header at \(position)") }
                break
            }
            var headerSize = 8
            var boxSize = size32
            if size32 == 1 {
                guard let large = head.uint64BE(at: 8) else { throw MalformedMedia(type, "truncated 64-bit box size at \(position)") }
                boxSize = large
                headerSize = 16
            } else if size32 == 0 {
                boxSize = available
            }
            guard boxSize >= headerSize, boxSize <= available else {
                throw MalformedMedia(type, "box '\(boxType)' at \(position) has size \(boxSize) outside the file")
            }
            boxes.append(BMFFBox(type: boxType, range: position..<position + boxSize, contentStart: position + headerSize))
            position += boxSize
        }
        return boxes
    }

    /// A movie or media header's duration in seconds: version 0 has 32-bit times, version 1 64-bit.
    private static func seconds(_ bytes: [UInt8], fullBox: BMFFBox, timescaleOffset: (v0: Int, v1: Int), type: MediaType) throws -> Double {
        let content = try fullBox.fullBoxContent(media: type)
        let version = bytes[fullBox.contentStart]
        let offset = content.lowerBound + (version == 1 ? timescaleOffset.v1 : timescaleOffset.v0)
        let durationLength = version == 1 ? 8 : 4
        guard offset + 4 + durationLength <= content.upperBound,
              let timescale = bytes.uint32BE(at: offset), timescale > 0,
              let duration = bytes.unsignedInteger(at: offset + 4, length: durationLength, bigEndian: true)
        else { throw MalformedMedia(type, "'\(fullBox.type)' has no readable duration") }
        // All ones means "unknown": a length we cannot check is a length we refuse.
        if version != 1 && duration == 0xFFFF_FFFF {
            throw MalformedMedia(type, "'\(fullBox.type)' does not say how long the video is")
        }
        return Double(duration) / Double(timescale)
    }

    /// The track's width and height as shown: `tkhd` keeps them in 16.16 fixed point before the
    /// track's matrix, and a phone held upright records a 90° matrix over a landscape picture.
    private static func displaySize(_ bytes: [UInt8], tkhd: BMFFBox, type: MediaType) throws -> (width: Int, height: Int) {
        let content = try tkhd.fullBoxContent(media: type)
        let version = bytes[tkhd.contentStart]
        let matrix = content.lowerBound + (version == 1 ? 48 : 36)
        guard matrix + 44 <= content.upperBound,
              let a = bytes.uint32BE(at: matrix), let d = bytes.uint32BE(at: matrix + 16),
              let width = bytes.uint32BE(at: matrix + 36), let height = bytes.uint32BE(at: matrix + 40)
        else { throw MalformedMedia(type, "the video track header is too short") }
        let size = (width: width >> 16, height: height >> 16)
        return a == 0 && d == 0 ? (size.height, size.width) : size
    }

    // MARK: - Writing

    private static func box(_ type: FourCC, _ content: [UInt8]) -> [UInt8] {
        let size = UInt32(8 + content.count)
        return withUnsafeBytes(of: size.bigEndian, Array.init) + withUnsafeBytes(of: type.rawValue.bigEndian, Array.init) + content
    }

    /// Rewrites every chunk offset of every track in `moov` (the whole box) for the media data's
    /// new places. An offset outside every media data box is refused: it would point at a header.
    private static func moveChunkOffsets(in moov: inout [UInt8], moves: [(from: Range<Int>, to: Int)], type: MediaType) throws {
        let tracks = try BMFFBox.children(of: moov, in: 8..<moov.count, media: type).filter { $0.type == "trak" }
        for track in tracks {
            guard let mdia = try BMFFBox.children(of: moov, in: track.content, media: type).first("mdia"),
                  let minf = try BMFFBox.children(of: moov, in: mdia.content, media: type).first("minf"),
                  let stbl = try BMFFBox.children(of: moov, in: minf.content, media: type).first("stbl")
            else { continue }
            for table in try BMFFBox.children(of: moov, in: stbl.content, media: type) where table.type == "stco" || table.type == "co64" {
                let width = table.type == "stco" ? 4 : 8
                let content = try table.fullBoxContent(media: type)
                guard let count = moov.uint32BE(at: content.lowerBound), content.count >= 4 + count * width else {
                    throw MalformedMedia(type, "'\(table.type)' lists more chunks than it holds")
                }
                for index in 0..<count {
                    let at = content.lowerBound + 4 + index * width
                    guard let old = moov.unsignedInteger(at: at, length: width, bigEndian: true),
                          let move = moves.first(where: { $0.from.contains(old) })
                    else { throw MalformedMedia(type, "a chunk offset points outside the media data") }
                    let new = old - move.from.lowerBound + move.to
                    guard width == 8 || new <= 0xFFFF_FFFF else { throw MalformedMedia(type, "a chunk offset beyond 4 GiB") }
                    for byte in 0..<width {
                        moov[at + byte] = UInt8(truncatingIfNeeded: new >> ((width - 1 - byte) * 8))
                    }
                }
            }
        }
    }
}
