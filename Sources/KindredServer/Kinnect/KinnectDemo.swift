import Fluent
import Foundation
import KindredQR
import Vapor

/// `kindred seed-demo` for Kinnect: ada, grace and alan follow each other (alan's request to
/// grace still waits), each has posted pictures drawn here, and there are likes and a comment,
/// so a newcomer signing in as any of them sees a living feed and activity. Run again, it adds
/// nothing twice.
enum KinnectDemo {
    static let posts: [String: [(caption: String, pictures: [Palette])]] = [
        "ada": [("Notes on the Analytical Engine, page one. #firstdraft", [.dawn, .sea]), ("Tea and punched cards.", [.ember])],
        "grace": [("Found the first actual bug. 🦋", [.meadow]), ("Harbour at dusk, from the ship.", [.sea, .dusk])],
        "alan": [("Morning run along the river.", [.meadow, .dawn]), ("Pattern formation in a sunflower head.", [.ember])],
    ]

    /// Two colours a picture blends between, with rings for texture.
    enum Palette {
        case dawn, sea, ember, meadow, dusk

        var colours: (from: (Double, Double, Double), to: (Double, Double, Double)) {
            switch self {
            case .dawn: ((250, 200, 150), (120, 90, 200))
            case .sea: ((20, 90, 160), (140, 220, 230))
            case .ember: ((110, 20, 30), (250, 170, 60))
            case .meadow: ((40, 120, 50), (220, 230, 120))
            case .dusk: ((30, 30, 70), (240, 120, 110))
            }
        }
    }

    static func seed(_ app: Application, people: [User]) async throws {
        let context = app.context
        let byName = Dictionary(uniqueKeysWithValues: people.map { ($0.username, $0) })
        guard let ada = byName["ada"], let grace = byName["grace"], let alan = byName["alan"] else { return }
        let follows = FollowService(context: context)
        // Approved both ways between ada and the others; alan's request to grace waits for her.
        for (follower, followee) in [(grace, ada), (alan, ada), (ada, grace), (ada, alan)] {
            let (follow, _, _) = try await follows.follow(followee.username, by: try follower.requireID())
            if !follow.isApproved { _ = try await follows.confirm(follower.username, by: try followee.requireID()) }
        }
        _ = try await follows.follow(grace.username, by: try alan.requireID())

        let postService = PostService(context: context)
        var made: [String: [UUID]] = [:]
        for person in [ada, grace, alan] {
            let authorID = try person.requireID()
            guard try await KinnectPost.query(on: app.db).filter(\.$author.$id == authorID).count() == 0 else { continue }
            for (index, post) in (posts[person.username] ?? []).enumerated() {
                var media: [PostService.MediaDraft] = []
                for (picture, palette) in post.pictures.enumerated() {
                    let seed = index * 7 + picture * 3 + person.username.count
                    let display = try await MediaService(context: context).upload(draw(palette, width: 540, height: 405, seed: seed), by: authorID)
                    let thumbnail = try await MediaService(context: context).upload(draw(palette, width: 270, height: 203, seed: seed), by: authorID)
                    media.append(.init(display: try display.requireID(), thumbnail: try thumbnail.requireID()))
                }
                let shown = try await postService.create(by: authorID, caption: post.caption, media: media)
                made[person.username, default: []].append(try shown.post.requireID())
            }
        }
        // Some life on ada's first post, when it was just made.
        if let first = made["ada"]?.first {
            let reactions = ReactionService(context: context)
            _ = try await reactions.like(first, by: try grace.requireID())
            _ = try await reactions.like(first, by: try alan.requireID())
            _ = try await reactions.comment(on: first, text: "Beautiful notation, Ada.", replyTo: nil, by: try grace.requireID())
        }
    }

    /// A soft diagonal blend with rings: recognisably a picture, different for every seed.
    static func draw(_ palette: Palette, width: Int, height: Int, seed: Int) -> [UInt8] {
        let (from, to) = palette.colours
        let centre = (x: Double(width) * (0.3 + Double(seed % 5) / 10), y: Double(height) * (0.3 + Double(seed % 3) / 6))
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let t = (Double(x) / Double(width) + Double(y) / Double(height)) / 2
                let distance = ((Double(x) - centre.x) * (Double(x) - centre.x) + (Double(y) - centre.y) * (Double(y) - centre.y)).squareRoot()
                let ring = 0.85 + 0.15 * cos(distance / Double(max(width, 1)) * 40)
                let i = (y * width + x) * 3
                pixels[i] = UInt8(max(0, min(255, (from.0 + (to.0 - from.0) * t) * ring)))
                pixels[i + 1] = UInt8(max(0, min(255, (from.1 + (to.1 - from.1) * t) * ring)))
                pixels[i + 2] = UInt8(max(0, min(255, (from.2 + (to.2 - from.2) * t) * ring)))
            }
        }
        return RGBPNG.encode(width: width, height: height, pixels: pixels)
    }
}
