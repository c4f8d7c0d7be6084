import CharflowCore

/// An action a write answered with (`"action"` of its JSON), named again to undo exactly it (W-15).
public struct ActionRef: WordValue, Equatable {
    /// The undo journal's number for the action.
    public let number: Int64

    public init(_ number: Int64) {
        self.number = number
    }

    /// A positive whole number, as the write answered it (as text).
    public static func reading(_ word: String) throws -> ActionRef {
        guard let number = Int64(word), number > 0 else { throw UsageRefusal.notANumber(option: "action", given: word) }
        return ActionRef(number)
    }
}
