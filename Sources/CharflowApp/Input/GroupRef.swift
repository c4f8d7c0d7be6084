import CharflowCore
import Foundation

/// The habit group a person names: its title (any case) or the first characters of its id (4 or more).
///
/// Found by the use case among every group, archived ones included (`Charflow.group(_:)`).
public struct GroupRef: WordValue, Equatable, CustomStringConvertible {
    public let word: String

    /// The group with exactly this id.
    public init(_ id: UUID) {
        word = id.lowercasedText
    }

    private init(word: String) {
        self.word = word
    }

    public static func reading(_ word: String) throws -> GroupRef {
        GroupRef(word: word)
    }

    public var description: String { word }
}

/// A group as a habit's edit gives it: one to put the habit in, or `none` to take it out of its group.
///
/// A body's `null` says nothing here, as leaving the field out does; `"none"` is the word for none.
public enum GroupChoice: WordValue, Equatable {
    case none
    case group(GroupRef)

    public static func reading(_ word: String) throws -> GroupChoice {
        word.lowercased() == "none" ? .none : .group(try GroupRef.reading(word))
    }
}
