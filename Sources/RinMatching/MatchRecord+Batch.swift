import Foundation
import RinFormats

extension MatchRecord {
    /// `init(card:id:createdAt:defaultRegion:phones:)` for many cards at once, spread over the
    /// machine's cores (`Parallel`): a card's record depends on that card alone. `ids[i]` and
    /// `createdAt[i]` belong to `cards[i]`; the records come back in the cards' order.
    public static func records(cards: [ContactCard], ids: [UUID], createdAt: [Date], defaultRegion: String,
                               phones normalizer: some PhoneNormalizer) -> [MatchRecord] {
        precondition(ids.count == cards.count && createdAt.count == cards.count, "one id and one creation time per card")
        // Read in place (`init(cardAt:…)`): `cards[index]`, of the array or of its buffer, copies
        // the card.
        return cards.withUnsafeBufferPointer { cards in
            nonisolated(unsafe) let base = cards.baseAddress
            return Parallel.map(cards.count) { index in
                MatchRecord(cardAt: base.unsafelyUnwrapped + index, id: ids[index], createdAt: createdAt[index],
                            defaultRegion: defaultRegion, phones: normalizer)
            }
        }
    }
}
