import CharflowCore
import Foundation

/// The habit offer a person names: the title it was detected from, any case, or the first
/// characters of its id (4 or more). Which offer it names is found by the use case (`Charflow.habitOffer(_:)`).
public struct HabitOfferRef: WordValue, Equatable, CustomStringConvertible {
    /// The word as given, for the refusal that quotes it.
    public let word: String

    private init(word: String) {
        self.word = word
    }

    public static func reading(_ word: String) throws -> HabitOfferRef {
        let trimmed = word.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageRefusal.missing("offer") }
        return HabitOfferRef(word: trimmed)
    }

    public var description: String { word }
}
