import CharflowCore
import Foundation

/// The task a person names: its id, or the first characters of it (4 or more, any case), like git.
///
/// Read from the word alone (`reading`: too short a word is refused there); which task it names is found
/// by the use case, inside its transaction, with one read (`UnitOfWork.task(matching:)`).
public struct TaskRef: WordValue, Equatable, CustomStringConvertible {
    /// The word as given (for the refusals that quote it) and its lower-case key.
    public let word: String
    let key: String

    /// The task with exactly this id.
    public init(_ id: UUID) {
        word = id.lowercasedText
        key = word
    }

    private init(word: String) {
        self.word = word
        key = word.lowercased()
    }

    public static func reading(_ word: String) throws -> TaskRef {
        guard word.count >= IDPrefix.shortest else { throw PlannerError.idTooShort(word) }
        return TaskRef(word: word)
    }

    public var description: String { word }
}
