/// The importance axis of the hidden Eisenhower lens; low is the baseline, there is no "none".
public enum Importance: String, CaseIterable, Sendable {
    case low, medium, high

    /// Medium and high count as important.
    public var isImportant: Bool { self != .low }
}

/// How a task repeats (`task.md`, Repeating tasks).
public enum RepeatKind: String, CaseIterable, Sendable {
    case none, daily, weekly, monthly
}

extension Importance: WordValue {
    /// `low`, `medium` or `high`, in any case.
    public static func reading(_ word: String) throws -> Importance {
        guard let importance = Importance(rawValue: word.lowercased()) else {
            throw InputError.invalidWord(what: "importance", given: word, expected: "low, medium or high")
        }
        return importance
    }

    public init(from decoder: any Decoder) throws { self = try Self.decodingWord(from: decoder) }
}
