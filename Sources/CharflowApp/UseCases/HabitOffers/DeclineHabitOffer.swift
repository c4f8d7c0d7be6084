import CharflowCore
import CharflowStore
import Foundation

/// Decline a habit offer: the title is never offered again, on any device once they sync.
///
/// Recorded like a mark of something shown, not as an action: nothing to undo. The title can still be
/// adopted by name later (`habit adopt`), which is the person asking.
public enum DeclineHabitOffer {
    public struct Input: Decodable, Sendable {
        /// The offer's id (4+ characters) or the title it was detected from.
        public var offer: HabitOfferRef

        public init(offer: HabitOfferRef) {
            self.offer = offer
        }

        public init(offer word: String) throws {
            offer = try HabitOfferRef.reading(word)
        }
    }
}

/// The offer declined: its id and title, and whether it was declined before.
public struct HabitOfferDeclined: Report {
    public let id: UUID
    public let title: String
    /// False when it was declined already and nothing changed.
    public let changed: Bool

    public var json: JSONValue {
        .object([("id", .string(id.lowercasedText)), ("title", .string(title)), ("declined", .bool(true)), ("changed", .bool(changed))])
    }
}

extension Charflow {
    @discardableResult
    public func declineHabitOffer(_ input: DeclineHabitOffer.Input) throws -> HabitOfferDeclined {
        let detected = try habitOffer(input.offer)
        let changed = try store.habitOffers.decline(key: detected.key, title: detected.title)
        return HabitOfferDeclined(id: HabitOfferRepository.id(key: detected.key), title: detected.title, changed: changed)
    }
}
