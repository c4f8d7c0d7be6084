import CharflowCore
import Foundation

/// The habit a person names: the first characters of its id (4 or more, any case), or its title.
///
/// Any word is a name; which habit it names is found by the use case (`Charflow.habit(_:)`), an id
/// prefix first, then the title ignoring case.
public struct HabitRef: WordValue, Equatable, CustomStringConvertible {
    /// The word as given, for the refusals that quote it.
    public let word: String

    /// The habit with exactly this id.
    public init(_ id: UUID) {
        word = id.lowercasedText
    }

    private init(word: String) {
        self.word = word
    }

    public static func reading(_ word: String) throws -> HabitRef {
        HabitRef(word: word)
    }

    public var description: String { word }
}
