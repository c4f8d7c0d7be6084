/// What an import was given, recognised from the file's content before anything is parsed.
///
/// Charflow imports its own JSON backup, a Taskwarrior JSON export and todo.txt. Anything else that
/// is text — an iCalendar or CSV file, Charflow's own `.ics` and `.csv` exports included — is refused
/// by name, never read as todo.txt. An empty file, or one holding only JSON `null`, has nothing to import.
public enum ImportFormat: String, Sendable, CaseIterable {
    case charflow, taskwarrior, todotxt

    /// The `format` field of a Charflow backup.
    public static let backupFormat = "charflow-backup"

    /// Whether `text` holds nothing to import: only whitespace, or JSON `null`.
    public static func isEmpty(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace()
        return trimmed.isEmpty || trimmed == "null"
    }

    /// The format `declared` names (`--from`), or the one `text` looks like; refuses a file of a kind
    /// Charflow cannot import, whatever was declared.
    public static func recognise(_ text: String, declared: String?) throws(ImportError) -> ImportFormat? {
        if let foreign = foreignKind(text) {
            throw ImportError(place: "file", message: "is \(foreign); Charflow imports its own JSON backup, a Taskwarrior export or a todo.txt file")
        }
        if let declared {
            return ImportFormat(rawValue: declared.lowercased().replacingOccurrences(of: ".", with: ""))
        }
        let start = text.trimmingWhitespace().prefix(1)
        if start == "{", text.contains("\"\(backupFormat)\"") { return .charflow }
        if start == "[" || start == "{" { return .taskwarrior }
        return .todotxt
    }

    /// "an iCalendar file", "a CSV file", or nil when `text` may be one of the formats Charflow reads.
    static func foreignKind(_ text: String) -> String? {
        let head = text.trimmingWhitespace().prefix(4096)
        if head.uppercased().hasPrefix("BEGIN:VCALENDAR") || head.uppercased().hasPrefix("BEGIN:VTODO") {
            return "an iCalendar file"
        }
        if looksLikeCSV(head) { return "a CSV file" }
        return nil
    }

    /// A header line of three or more short column names separated by commas — one-word names, or names
    /// that include a usual column (`title`, `due date`…) — and the next lines with as many fields: a
    /// table, not a list of tasks (a todo.txt line such as "Buy milk, eggs, bread" holds commas too).
    static func looksLikeCSV(_ head: Substring) -> Bool {
        let lines = head.split(whereSeparator: \.isNewline).prefix(3)
        guard lines.count >= 2, let header = lines.first else { return false }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingWhitespace().replacingOccurrences(of: "\"", with: "")
        }
        guard names.count >= 3, names.allSatisfy({ name in
            !name.isEmpty && name.count <= 40
                && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "-" }
        }) else { return false }
        guard !names.contains(where: { $0.contains(" ") }) || names.contains(where: { usualColumns.contains($0.lowercased()) }) else {
            return false
        }
        return lines.dropFirst().allSatisfy { fields(in: $0) == names.count }
    }

    static let usualColumns: Set<String> = [
        "id", "uuid", "title", "name", "description", "due", "due date", "date", "status", "priority", "notes",
        "project", "tags", "completed", "created", "category",
    ]

    /// How many fields a CSV line holds, commas inside quotes not counted.
    static func fields(in line: Substring) -> Int {
        var count = 1, quoted = false
        for character in line {
            if character == "\"" { quoted.toggle() } else if character == ",", !quoted { count += 1 }
        }
        return count
    }
}
