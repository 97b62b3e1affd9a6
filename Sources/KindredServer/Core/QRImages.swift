import KindredQR
import NIOConcurrencyHelpers

/// QR images of links, each drawn once. A person's QR screen asks for their code on every visit,
/// and the link in it changes only when they replace it, so the link itself is the key: nothing
/// needs invalidating, on this instance or any other, and a replaced link's image simply ages out.
///
/// Two generations stand in for an LRU: a hit in the older one moves to the newer, and when the
/// newer is full the older is dropped, so the cache never holds more than `capacity` images and
/// the ones in use stay.
final class QRImages: Sendable {
    private struct Generations {
        var current: [String: String] = [:]
        var previous: [String: String] = [:]
    }

    private let generations = NIOLockedValueBox(Generations())
    private let capacity: Int

    /// 1,024 images of about 6 KB each (a connect link is a version 4 symbol).
    init(capacity: Int = 1_024) {
        self.capacity = max(2, capacity)
    }

    /// The SVG of `link` at error correction M, as the QR screens show it.
    func svg(of link: String) throws -> String {
        if let image = generations.withLockedValue({ cache in
            if let image = cache.current[link] { return image }
            guard let image = cache.previous.removeValue(forKey: link) else { return nil }
            cache.current[link] = image
            return image
        }) {
            return image
        }
        let image = try QRCode(encoding: link, errorCorrection: .medium).svg(scale: 8)
        generations.withLockedValue { cache in
            if cache.current.count >= capacity / 2 {
                cache.previous = cache.current
                cache.current = [:]
            }
            cache.current[link] = image
        }
        return image
    }
}
