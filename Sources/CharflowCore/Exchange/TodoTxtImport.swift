import Foundation

/// Tasks from a todo.txt file (format: github.com/todotxt/todo.txt).
///
/// One task a line: `x COMPLETION CREATION` for a done task, `(A) CREATION` for an open one, then the
/// text with `+project`, `@context` and `key:value` tags. Mapping:
/// - `(A)` → high, `(B)` → medium, `(C)`–`(Z)` → low (`pri:A` on a done line too); a medium or high
///   task with no `due:` gets a day;
/// - the creation date → createdAt and the completion date → completedAt, at noon of that day on the
///   user's wall clock (a done line with no date is done now);
/// - the first `+project` → category when it fits (the rest are dropped and counted);
/// - `@context`s → a note line `Contexts: @a @b`; `due:YYYY-MM-DD` → dueDate;
/// - other `key:value` tags are dropped and counted. Tags are taken out of the title.
/// Blank lines are skipped. Ids are name-based (`StableID`) on the creation date and text — not the
/// done mark, completion date or priority — so importing the same file again, or after ticking a task
/// off in it, merges instead of duplicating; a repeated line gets `#2`, `#3` … in its name. A line that
/// cannot be read (an impossible date such as `due:2026-02-30`, control characters, no text) is left out
/// and named in the summary, and the rest imported; a file none of whose lines can be read is refused.
public enum TodoTxtImport {
    public static func parse(_ data: Data, calendar: PlannerCalendar, now: Date) throws(ImportError)
        -> (tasks: [ImportedTask], summary: ImportSummary) {
        try parse(try ImportGuard.text(data), calendar: calendar, now: now)
    }

    public static func parse(_ text: String, calendar: PlannerCalendar, now: Date) throws(ImportError)
        -> (tasks: [ImportedTask], summary: ImportSummary) {
        if text.utf8.contains(0) {
            throw ImportError(place: "file", message: "contains NUL bytes: this is not a text export")
        }
        try refuseJSON(text)
        var summary = ImportSummary()
        var tasks: [ImportedTask] = []
        var names: [String: Int] = [:]
        let lines = ImportRules.lines(text)
        for (offset, raw) in lines.enumerated() {
            let place = "line \(offset + 1)"
            // A line far past any title (a file that is not a task list) is refused before it is read.
            if raw.utf8.count > 64 * 1024 {
                throw ImportError(place: place, message: "is \(raw.utf8.count) bytes long; a todo.txt line is one task")
            }
            let line = raw.trimmingWhitespace()
            guard !line.isEmpty else { continue }
            // A line that cannot be read is left out and named; the rest of the file is imported.
            var imported: ImportedTask, name: String
            do {
                try ImportGuard.checkControls(raw, place: place)
                (imported, name) = try task(line, place: place, calendar: calendar, now: now, summary: &summary)
            } catch {
                summary.leaveOut(error)
                continue
            }
            names[name, default: 0] += 1
            if let count = names[name], count > 1 { name += "#\(count)" }
            imported.task.id = StableID.uuid("todo.txt:" + name)
            tasks.append(imported)
        }
        try summary.refuseIfNothingRead(tasks)
        summary.imported = tasks.count
        return (tasks, summary)
    }

    /// One line's task, and the name its id is made from.
    static func task(_ line: String, place: String, calendar: PlannerCalendar, now: Date,
                     summary: inout ImportSummary) throws(ImportError) -> (ImportedTask, String) {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
        func takeDate() throws(ImportError) -> LocalDay? {
            guard let word = words.first, isDateShaped(word) else { return nil }
            words.removeFirst()
            return try day(word, place: place)
        }
        let isDone = words.first == "x"
        var completion: LocalDay?
        var creation: LocalDay?
        var importance: Importance?
        if isDone {
            words.removeFirst()
            completion = try takeDate()
            if completion != nil { creation = try takeDate() }
        } else {
            if let word = words.first, let level = priority(word) {
                importance = level
                words.removeFirst()
                summary.map("priority")
            }
            creation = try takeDate()
        }
        if creation != nil { summary.map("creation date") }
        if completion != nil { summary.map("completion date") }

        var titleWords: [String] = []
        var projects: [String] = []
        var contexts: [String] = []
        var due: LocalDay?
        var recurrence: RepeatKind?
        for word in words {
            if word.count > 1, word.hasPrefix("+") {
                projects.append(String(word.dropFirst()))
            } else if word.count > 1, word.hasPrefix("@") {
                contexts.append(word)
            } else if let (key, value) = tag(word) {
                switch key.lowercased() {
                case "due" where due == nil:
                    guard isDateShaped(value), let parsed = LocalDay(entered: value) else {
                        throw ImportError(place: place, message: "due:\(value) is not a real date: expected due:YYYY-MM-DD (years 1900 to 2999)")
                    }
                    due = parsed
                    summary.map("due:")
                case "rec" where recurrence == nil && TodoTxtImport.repeatKinds[value.lowercased()] != nil:
                    recurrence = TodoTxtImport.repeatKinds[value.lowercased()]
                case "pri" where importance == nil && priority("(" + value + ")") != nil:
                    importance = priority("(" + value + ")")
                    summary.map("priority")
                default:
                    summary.drop(key + ":")
                }
            } else {
                titleWords.append(word)
            }
        }

        var title = titleWords.joinedText(separator: " ")
        if title.isEmpty { title = words.joined(separator: " ") }
        guard !title.isEmpty else { throw ImportError(place: place, message: "has no task text") }
        if let why = ImportRules.unfitTitle(title) { throw ImportError(place: place, message: why) }
        guard title.count <= TaskText.maxTitleLength else {
            throw ImportError(place: place, message: "has \(title.count) characters of text; a title is at most \(TaskText.maxTitleLength)")
        }

        let noon = TimeOfDay(hour: 12, minute: 0)!
        let createdAt = creation.map { calendar.instant(on: $0, at: noon) } ?? now
        let completedAt = isDone ? (completion.map { calendar.instant(on: $0, at: noon) } ?? now) : nil
        var task = TaskItem(title: title, dueDate: due, effortMinutes: nil, importance: importance ?? .low,
                            isCompleted: isDone, completedAt: completedAt, createdAt: createdAt,
                            modifiedAt: max(createdAt, completedAt ?? createdAt),
                            completedDay: isDone ? (completion ?? completedAt.map(calendar.logicalDay(at:))) : nil)
        // `rec:1d`, `rec:1w`, `rec:1m` (strict `+` too) repeat from the due date, as Charflow's repeats do.
        if let recurrence {
            if let day = due {
                task.repeatKind = recurrence
                if recurrence == .weekly { task.repeatWeekdays = String(day.weekday.isoNumber) }
                if recurrence == .monthly { task.repeatDayOfMonth = day.day }
                summary.map("rec:")
            } else {
                summary.drop("rec: without due:")
            }
        }
        if !contexts.isEmpty {
            task.notes = "Contexts: " + contexts.joinedText(separator: " ")
            summary.map("@context", contexts.count)
        }
        ImportRules.ensureDayForImportance(&task, calendar: calendar, now: now, summary: &summary)

        var category: String?
        if let first = projects.first {
            if let name = ImportRules.categoryName(first) {
                category = name
                summary.map("+project")
            } else {
                summary.drop("+project")
            }
        }
        summary.drop("+project", max(0, projects.count - 1))

        let kept = words.filter { tag($0).map { $0.0.lowercased() != "pri" } ?? true }
        let name = (creation?.description ?? "") + " " + kept.joinedText(separator: " ")
        return (ImportedTask(task: task, category: category, place: place,
                             knowsWhenChanged: creation != nil || completion != nil), name)
    }

    /// The `rec:` values Charflow can repeat: every day, week or month, with or without `+` (strict).
    static let repeatKinds: [String: RepeatKind] = [
        "1d": .daily, "+1d": .daily, "d": .daily, "1w": .weekly, "+1w": .weekly, "w": .weekly,
        "1m": .monthly, "+1m": .monthly, "m": .monthly,
    ]

    /// `(A)` → high, `(B)` → medium, `(C)`…`(Z)` → low; nil when `word` is not a priority.
    static func priority(_ word: String) -> Importance? {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count == 3, scalars[0] == "(", scalars[2] == ")", ("A"..."Z").contains(scalars[1]) else {
            return nil
        }
        switch scalars[1] {
        case "A": return .high
        case "B": return .medium
        default: return .low
        }
    }

    /// `key:value` with a key of letters, digits, `-` or `_` starting with a letter, and a value with no
    /// colon that is not a URL's `//…`; nil for anything else (which is then title text).
    static func tag(_ word: String) -> (String, String)? {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let key = word[..<colon], value = word[word.index(after: colon)...]
        guard let head = key.first, head.isASCII, head.isLetter,
              key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              !value.isEmpty, !value.contains(":"), !value.hasPrefix("//") else { return nil }
        return (String(key), String(value))
    }

    /// Shaped like `YYYY-MM-DD` (digits and dashes), whether or not it names a real day.
    static func isDateShaped(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 10 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 7 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                return false
            }
        }
        return true
    }

    static func day(_ word: String, place: String) throws(ImportError) -> LocalDay {
        guard let day = LocalDay(entered: word) else {
            throw ImportError(place: place, message: "\(word) is not a real date (YYYY-MM-DD, years 1900 to 2999)")
        }
        return day
    }

    /// A JSON document is not a todo.txt file (a Taskwarrior export goes to `TaskwarriorImport`).
    static func refuseJSON(_ text: String) throws(ImportError) {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.hasPrefix("[") || trimmed.hasPrefix("{"),
              (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: [])) != nil else { return }
        throw ImportError(place: "file", message: "is a JSON document, not a todo.txt file (one task a line); "
                          + "a Taskwarrior export is imported as Taskwarrior")
    }
}
