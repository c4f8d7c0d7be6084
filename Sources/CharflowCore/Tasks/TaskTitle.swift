/// The rules for a task's words: a title is one line of plain text (`TextRules`), trimmed, never empty and
/// at most 500 characters; notes may be cleared.
public enum TaskText {
    /// The longest title, in characters: a line's worth and more, but not a file pasted by mistake.
    public static let maxTitleLength = 500

    /// The trimmed title; `.emptyTitle` when nothing is left, `.unfitCharacter` naming `field` for a control
    /// or direction character left in it (a newline or tab at either end is whitespace, trimmed as ever),
    /// `.titleTooLong` past the maximum.
    public static func title(_ raw: String, field: TextRules.Field = .taskTitle) throws(PlannerError) -> String {
        let trimmed = raw.trimmingWhitespace()
        try TextRules.checkLine(trimmed, field)
        guard !trimmed.isEmpty else { throw field == .taskTitle ? .emptyTitle : .emptyName(field) }
        guard trimmed.count <= maxTitleLength else {
            throw field == .taskTitle ? .titleTooLong(trimmed.count) : .nameTooLong(field, limit: maxTitleLength, count: trimmed.count)
        }
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
