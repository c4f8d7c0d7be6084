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
