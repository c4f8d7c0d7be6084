/// The rules for a task's words: a title is trimmed and never empty; notes may be cleared.
public enum TaskText {
    /// The trimmed title, or `.emptyTitle` when nothing is left.
    public static func title(_ raw: String) throws(PlannerError) -> String {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyTitle }
        return trimmed
    }

    /// Notes as stored: nil when empty or only whitespace, otherwise unchanged.
    public static func notes(_ raw: String?) -> String? {
        guard let raw, !raw.trimmingWhitespace().isEmpty else { return nil }
        return raw
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (newlines included).
    func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }),
              let end = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...end])
    }
}
