import Foundation

/// Tasks, habits and habit entries as RFC 4180 CSV.
///
/// Every record, the header included, ends with CRLF; a field is quoted only when it holds a comma, a
/// double quote, CR or LF, and a double quote inside is doubled. Ids are lower-case UUIDs, days
/// `YYYY-MM-DD`, instants ISO 8601 with the zone's offset (`Instant.isoText`), booleans `true`/`false`,
/// and an absent value is an empty field. Rows keep the order they are given in. A field that begins
/// with `=`, `+`, `-`, `@`, a tab or CR gets a leading `'`, so a spreadsheet shows it as text instead
/// of running it as a formula (OWASP's advice on CSV injection); no value Charflow makes begins so.
public enum CSVExport {
    public static let taskColumns = [
        "id", "title", "notes", "dueDate", "effortMinutes", "importance", "isCompleted", "completedAt", "droppedAt",
        "deferralCount", "repeatKind", "repeatWeekdays", "repeatDayOfMonth", "seriesID", "createdAt", "category",
        "region", "bucket", "sortOrder",
    ]

    /// In the spirit of Loop Habit Tracker's `Habits.csv`: one row a habit.
    public static let habitColumns = [
        "position", "id", "title", "kind", "frequency", "scheduledDays", "targetPerWeek", "windows", "targets",
        "isArchived",
    ]

    /// One row a window and day: Loop's per-day `Checkmarks.csv`, with Charflow's amount, target and state.
    public static let entryColumns = ["date", "habitID", "habit", "window", "amount", "target", "state"]

    /// Every task given (dropped ones included: `droppedAt` says so), one row each.
    public static func tasks(_ tasks: [TaskItem], categoryNames: [UUID: String], calendar: PlannerCalendar) -> String {
        let iso = { (date: Date?) in date.map { Instant.isoText($0, in: calendar) } ?? "" }
        var out = row(taskColumns)
        for task in tasks {
            out += row([
                task.id.lowercasedText, task.title, task.notes ?? "", task.dueDate?.description ?? "",
                task.effortMinutes.map(String.init) ?? "", task.importance.rawValue, String(task.isCompleted),
                iso(task.completedAt), iso(task.droppedAt), String(task.deferralCount), task.repeatKind.rawValue,
                task.repeatWeekdays, String(task.repeatDayOfMonth), task.seriesID.map(\.lowercasedText) ?? "",
                iso(task.createdAt), task.categoryID.flatMap { categoryNames[$0] } ?? "",
                task.region?.rawValue ?? "", task.bucket?.rawValue ?? "", String(task.sortOrder),
            ])
        }
        return out
    }

    /// Habits in the order given, `position` counting from 1. `windows` lists each habit's window names
    /// and `targets` their targets, both joined by `;` in the windows' order (`sortOrder`, then creation).
    public static func habits(_ habits: [Habit], windows: [UUID: [HabitWindow]]) -> String {
        var out = row(habitColumns)
        for (index, habit) in habits.enumerated() {
            let own = ordered(windows[habit.id] ?? [])
            out += row([
                String(index + 1), habit.id.lowercasedText, habit.title, habit.kind.rawValue, habit.schedule.frequency.rawValue,
                habit.schedule.daysText, String(habit.schedule.perWeek), own.map(windowName).joinedText(separator: ";"),
                own.map { String($0.target) }.joinedText(separator: ";"), String(habit.isArchived),
            ])
        }
        return out
    }

    /// One row a window's day, as the density grid reads it.
    public static func entries(_ rows: [(habit: Habit, window: HabitWindow, cell: DensityCell)]) -> String {
        var out = row(entryColumns)
        for item in rows {
            out += row([
                item.cell.date.description, item.habit.id.lowercasedText, item.habit.title, windowName(item.window),
                String(item.cell.amount), String(item.cell.target), item.cell.state.rawValue,
            ])
        }
        return out
    }

    /// A window as a person names it: its label, else "all day" or its `HH:MM-HH:MM` span.
    public static func windowName(_ window: HabitWindow) -> String {
        if !window.label.isEmpty { return window.label }
        if window.startMinute <= 0, window.endMinute >= 1439 { return "all day" }
        let time = { (minutes: Int) in TimeOfDay(minutes: min(max(minutes, 0), 1439))?.description ?? "" }
        return time(window.startMinute) + "-" + time(window.endMinute)
    }

    /// One record: the fields quoted where needed, joined by commas, ended by CRLF.
    public static func row(_ fields: [String]) -> String {
        fields.map(field).joinedText(separator: ",") + "\r\n"
    }

    /// One field, quoted when it holds a comma, a double quote, CR or LF (RFC 4180 §2.6–2.7).
    public static func field(_ raw: String) -> String {
        let text = raw.unicodeScalars.first.map { formulaStarts.contains($0) } == true ? "'" + raw : raw
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// What a spreadsheet takes as the start of a formula.
    static let formulaStarts: Set<UnicodeScalar> = ["=", "+", "-", "@", "\t", "\r"]

    private static func ordered(_ windows: [HabitWindow]) -> [HabitWindow] {
        windows.sorted {
            if $0.sortOrder != $1.sortOrder { return $0.sortOrder < $1.sortOrder }
            if $0.createdAt != $1.createdAt { return $0.createdAt < $1.createdAt }
            return $0.id.sorts(before: $1.id)
        }
    }
}
