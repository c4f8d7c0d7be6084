/// The rules a backup's row must meet: the same the commands apply, so an import can store nothing
/// the program would refuse to make (an empty title, effort 7, a bucket without a region, …).
///
/// A row is read through two lookups, its text and its whole-number columns, so the rules need no
/// knowledge of the store. Each refusal names the column at fault.
public enum BackupRowRules {
    /// One row's columns: `text(name)` and `integer(name)` give nil for null or absent.
    public struct Row {
        public let text: (String) -> String?
        public let integer: (String) -> Int64?

        public init(text: @escaping (String) -> String?, integer: @escaping (String) -> Int64?) {
            self.text = text
            self.integer = integer
        }
    }

    /// Refuses text holding a NUL (the store would cut it there).
    public static func checkText(_ text: String, place: String) throws(ImportError) {
        if text.utf8.contains(0) { throw ImportError(place: place, message: "holds a NUL character") }
    }

    /// Refuses an instant outside the supported years (1900 to 2999).
    public static func checkInstantYear(_ text: String, place: String) throws(ImportError) {
        guard let year = Int(text.prefix(4)), (LocalDay.supported.lowerBound.year...LocalDay.supported.upperBound.year).contains(year) else {
            throw ImportError(place: place, message: "'\(text)' is outside the years Charflow keeps (1900 to 2999)")
        }
    }

    /// Checks one row of `table`; `place` is "table[N]", the row as the file numbers it.
    public static func check(_ row: Row, table: String, place: String) throws(ImportError) {
        func fail(_ column: String, _ message: String) -> ImportError {
            ImportError(place: place + "." + column, message: message)
        }
        func range(_ column: String, _ allowed: ClosedRange<Int64>) throws(ImportError) {
            if let value = row.integer(column), !allowed.contains(value) {
                throw fail(column, "\(value) is outside \(allowed.lowerBound) to \(allowed.upperBound)")
            }
        }
        func line(_ column: String, _ field: TextRules.Field) throws(ImportError) {
            if let text = row.text(column), let scalar = TextRules.firstUnfit(in: text) {
                throw fail(column, "a \(field.rawValue) is one line of plain text; this one holds \(TextRules.describe(scalar.value))")
            }
        }
        func title(_ column: String, _ field: TextRules.Field) throws(ImportError) {
            try line(column, field)
            guard let text = row.text(column), !text.trimmingWhitespace().isEmpty else { throw fail(column, "a title must not be empty") }
            if text.count > TaskText.maxTitleLength {
                throw fail(column, "a title is at most \(TaskText.maxTitleLength) characters; this one has \(text.count)")
            }
        }
        // A habit's schedule as the commands give it: a known frequency and ISO weekdays 1 to 7 (H-2).
        func schedule() throws(ImportError) {
            if let text = row.text("frequency"), HabitFrequency(rawValue: text) == nil {
                throw fail("frequency", "'\(Messages.echo(text))' is not a habit's frequency (daily, weekdays or custom)")
            }
            if let text = row.text("scheduled_days"), AnchorTiming.days(stored: text) == nil {
                throw fail("scheduled_days", "'\(Messages.echo(text))' is not a list of ISO weekdays (1 to 7, at least one)")
            }
        }
        let habitTarget = Int64(WholeNumber.habitTarget.lowerBound)...Int64(WholeNumber.habitTarget.upperBound)
        let minuteOfDay: ClosedRange<Int64> = 0...1439
        switch table {
        case "tasks":
            try title("title", .taskTitle)
            if let effort = row.integer("effort_minutes"),
               effort <= 0 || effort > Int64(Effort.maximum) || effort % Int64(Effort.step) != 0 {
                throw fail("effort_minutes", "\(effort) is not an effort (15-minute steps up to \(Effort.maximum))")
            }
            try range("deferral_count", 0...100_000)
            try range("repeat_day_of_month", 0...31)
            if row.text("bucket") != nil, row.text("region") == nil { throw fail("bucket", "a bucket belongs to a region") }
            if row.text("region") != nil, row.text("due_date") == nil { throw fail("region", "a task on the board needs a due date") }
            // Every command gives a repeating task a day (T-25): without one, `done` could make no next instance.
            if let kind = row.text("repeat_kind"), kind != RepeatKind.none.rawValue, row.text("due_date") == nil {
                throw fail("due_date", "a repeating task needs a due date")
            }
        case "habits":
            try title("title", .habitName)
            try range("target_per_week", 0...7)
            try schedule()
        case "habit_schedules":
            try range("target_per_week", 0...7)
            try schedule()
        case "habit_groups":
            try title("title", .groupName)
        case "categories":
            try line("name", .categoryName)
            if let name = row.text("name") {
                do { _ = try TaskCategory.validName(name, existing: []) } catch { throw fail("name", "'\(name)' cannot be a category name") }
            }
        case "habit_windows":
            try line("label", .windowLabel)
            if let label = row.text("label"), label.count > WindowSpec.maxLabelLength {
                throw fail("label", "a time of day's label is at most \(WindowSpec.maxLabelLength) characters; this one has \(label.count)")
            }
            try range("target", habitTarget)
            try range("effort_minutes", 1...1440)
            try range("start_minute", minuteOfDay)
            try range("end_minute", minuteOfDay)
            try range("reminder_minute", minuteOfDay)
        case "habit_entries":
            try range("target", habitTarget)
            try range("amount", Int64(WholeNumber.habitDayTotal.lowerBound)...Int64(WholeNumber.habitDayTotal.upperBound))
        case "sessions":
            // A session belongs to a task or a timed habit's window, never both (S-13).
            if (row.text("task_id") == nil) == (row.text("habit_window_id") == nil) {
                throw fail("task_id", "a session belongs to either a task or a habit's window, and to one of them")
            }
            try range("paused_seconds", 0...Int64(100 * 365 * 86_400))
            try range("actual_seconds", 0...Int64(100 * 365 * 86_400))
            try range("estimate_minutes", 0...1440)
        case "habit_pauses":
            // `to_day` is the day the habit resumes, after the first paused day (`habit pause --to`).
            if let from = row.text("from_day"), let to = row.text("to_day"), to <= from {
                throw fail("to_day", "the day a pause ends must come after the day it starts (\(from))")
            }
        case "anchors":
            try title("title", .anchorTitle)
            try range("start_minute", minuteOfDay)
            try range("duration_minutes", Int64(AnchorDuration.range.lowerBound)...Int64(AnchorDuration.range.upperBound))
            try range("remind_minutes", Int64(ReminderMinutes.range.lowerBound)...Int64(ReminderMinutes.range.upperBound))
            if let text = row.text("weekdays"), AnchorTiming.days(stored: text) == nil {
                throw fail("weekdays", "'\(text)' is not a list of ISO weekdays (1 to 7, at least one)")
            }
        case "settings":
            if let key = row.text("key"), PlannerSettings.storedKeys.contains(key), let value = row.text("value") {
                var settings = PlannerSettings()
                do { try settings.set(key, to: value) } catch { throw fail("value", "'\(value)' is not a value of \(key)") }
            }
        default:
            break
        }
    }

    /// Refuses a window whose target its habit's kind does not take (H-10: binary 1, counted and timed 1
    /// or more, avoid 0 or more), as `habit add` and `habit edit` do. `windows` are the file's
    /// window rows in order as (habit id, target); `kinds` each habit's kind by id, from the file or
    /// the store. A window of a habit found in neither is left to the check of references.
    public static func checkWindowTargets(_ windows: [(habit: String?, target: Int64?)],
                                          kinds: [String: String]) throws(ImportError) {
        for (index, window) in windows.enumerated() {
            guard let habit = window.habit, let target = window.target,
                  let kind = kinds[habit].flatMap(HabitKind.init(rawValue:)) else { continue }
            do {
                _ = try HabitRules.validTarget(Int(clamping: target), kind: kind)
            } catch {
                throw ImportError(place: "habit_windows[\(index + 1)].target",
                                  message: "\(target) is not a target of \(kind.withArticle) habit (binary 1, counted and timed 1 or more, avoid 0 or more)")
            }
        }
    }

    /// Refuses a file whose tasks overfill a region's bucket on one day (the 1–3–5 rule, B-4): `tasks`
    /// are the file's rows in order, as (due date, region, bucket, dropped) texts.
    ///
    /// A sync device's backup (`fromDevice`) may hold a bucket a merge overfilled (Y-9): restoring it
    /// keeps every task where it was, and Today shows the notice as it did before.
    public static func checkBoards(_ tasks: [(due: String?, region: String?, bucket: String?, dropped: Bool)],
                                   fromDevice: Bool = false) throws(ImportError) {
        guard !fromDevice else { return }
        var taken: [String: Int] = [:]
        for (index, task) in tasks.enumerated() {
            guard !task.dropped, let due = task.due, let region = task.region, let bucketName = task.bucket,
                  let bucket = Bucket(rawValue: bucketName) else { continue }
            let key = due + " " + region + " " + bucketName
            taken[key, default: 0] += 1
            if taken[key]! > bucket.limit {
                throw ImportError(place: "tasks[\(index + 1)].bucket",
                                  message: "\(region) on \(due) already has its \(bucket.limit) \(bucketName) task\(bucket.limit == 1 ? "" : "s") (the 1–3–5 rule)")
            }
        }
    }

    /// Refuses a merge that overfills a bucket the file places tasks in: `count` tasks would stand in it
    /// with this store's, `inFile` of them from the file. The 1–3–5 rule (B-4) holds on every day the
    /// file touches; a sync device's backup may itself hold a bucket a merge overfilled (Y-9), and the
    /// import makes it no fuller.
    public static func checkMergedBoard(due: String, region: String, bucket bucketName: String, count: Int, inFile: Int,
                                        fromDevice: Bool) throws(ImportError) {
        guard let bucket = Bucket(rawValue: bucketName) else { return }
        if count > (fromDevice ? max(bucket.limit, inFile) : bucket.limit) {
            throw ImportError(place: "tasks", message: "with this store's tasks, \(region) on \(due) would hold \(count) \(bucketName) tasks; the 1–3–5 rule allows \(bucket.limit)")
        }
    }
}
