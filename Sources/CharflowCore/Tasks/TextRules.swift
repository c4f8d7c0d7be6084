/// The rule for a title or a name (rules B-1, B-10, T-5, H-1, H-4, H-7): one line of plain text, so no
/// control character and no bidirectional override or isolate.
///
/// A newline breaks every listing, a NUL is cut by the store, an escape sequence drives the terminal and
/// a direction override shows the words in another order than they are stored. Such text is refused,
/// naming the field, and never shortened or altered. Notes are not one line: they may hold newlines and
/// tabs, and are escaped when printed (`TerminalText`).
public enum TextRules {
    /// Which one-line text a refusal is about, as its sentence names it.
    public enum Field: String, Sendable, Equatable {
        case taskTitle = "task title"
        case habitName = "habit name"
        case windowLabel = "window label"
        case categoryName = "category name"
        case groupName = "group name"
        case anchorTitle = "anchor title"
        case calendarName = "calendar name"

        /// What the text belongs to, with its article: "a habit", "an anchor".
        public var owner: String {
            switch self {
            case .taskTitle: "a task"
            case .habitName: "a habit"
            case .windowLabel: "a time of day"
            case .categoryName: "a category"
            case .groupName: "a group"
            case .anchorTitle: "an anchor"
            case .calendarName: "a calendar"
            }
        }

        /// What the text is to its owner, with its article: "a title", "a name", "a label".
        public var noun: String {
            switch self {
            case .taskTitle, .anchorTitle: "a title"
            case .windowLabel: "a label"
            case .habitName, .categoryName, .groupName, .calendarName: "a name"
            }
        }
    }

    /// Whether `scalar` cannot stand in a title or name: general category Cc (C0, DEL, C1) or a
    /// bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069).
    public static func isUnfit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }

    /// The first scalar of `text` that a title or name cannot hold; nil when there is none.
    public static func firstUnfit(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isUnfit)
    }

    /// Refuses `text` as the `field` when it holds a control or direction character; returns it unchanged.
    ///
    /// Callers pass a title or name already trimmed: a newline or tab at either end is whitespace the
    /// trimming rules (B-1, T-5) remove, one inside is refused.
    @discardableResult
    public static func checkLine(_ text: String, _ field: Field) throws(PlannerError) -> String {
        if let scalar = firstUnfit(in: text) { throw .unfitCharacter(field, scalar.value) }
        return text
    }

    /// The character as a sentence names it: "a line break (U+000A)", "a direction override (U+202E)".
    public static func describe(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let name: String
        switch value {
        case 0x0A, 0x0D: name = "a line break"
        case 0x09: name = "a tab"
        case 0x00: name = "a NUL character"
        case 0x1B: name = "an escape character"
        case 0x202A...0x202E, 0x2066...0x2069: name = "a text-direction character"
        default: name = "a control character"
        }
        return "\(name) (\(code))"
    }
}
