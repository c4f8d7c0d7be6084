/// The rules a backup's rows must meet together, as the commands apply them across records: names
/// unique where a command refuses a second one, at most eight active categories, one running timer,
/// a habit's windows within what its kind takes, and a task's deferral count equal to its records.
///
/// They are judged on the store as the import leaves it (file and store together), so a merge is held
/// to them as a replace is. Each record comes with `place`, the file's "table[N]" when the file holds
/// it, nil when it is only the store's; a rule broken by the store's rows alone (a sync settles those)
/// never refuses a file. A refusal names the file's row and column.
public enum BackupCrossRowRules {
    /// One record as the rules read it: its id, the file's place, and the columns a rule needs.
    public struct Record: Sendable {
        public let id: String
        public let place: String?
        public let text: [String: String]
        public let integer: [String: Int64]

        public init(id: String, place: String?, text: [String: String] = [:], integer: [String: Int64] = [:]) {
            self.id = id
            self.place = place
            self.text = text
            self.integer = integer
        }
    }

    private static func fail(_ record: Record, _ column: String, _ message: String) -> ImportError {
        ImportError(place: (record.place ?? "") + "." + column, message: message)
    }

    /// The file's record among `group` the refusal should name: the last the file lists, since the
    /// others came first.
    private static func named(_ group: [Record]) -> Record? {
        group.filter { $0.place != nil }.max { order($0.place!) < order($1.place!) }
    }

    private static func order(_ place: String) -> Int {
        Int(place.split(separator: "[").last?.dropLast() ?? "") ?? 0
    }

    /// Refuses two records whose `column` is equal ignoring case (category names T-5, habit names,
    /// group names), as `category add`, `habit add` and `group add` refuse a second one.
    public static func checkUnique(_ records: [Record], column: String, what: String) throws(ImportError) {
        var groups: [String: [Record]] = [:]
        for record in records {
            guard let name = record.text[column] else { continue }
            groups[name.trimmingWhitespace().lowercased(), default: []].append(record)
        }
        for key in groups.keys.sorted() {
            guard let group = groups[key], group.count > 1, let file = named(group) else { continue }
            throw fail(file, column, "'\(file.text[column] ?? "")' is the name of another \(what); names are unique ignoring case")
        }
    }

    /// Refuses a ninth active category (T-7): `categories` with `is_archived`.
    public static func checkActiveCategories(_ categories: [Record]) throws(ImportError) {
        let active = categories.filter { ($0.integer["is_archived"] ?? 0) == 0 }
        guard active.count > TaskCategory.maxActive, let file = named(active) else { return }
        throw fail(file, "is_archived", "\(active.count) categories would be active; at most \(TaskCategory.maxActive) are at once")
    }

    /// Refuses a second running session (S-7): `live` are the sessions with no end.
    public static func checkOneTimer(_ live: [Record]) throws(ImportError) {
        guard live.count > 1, let file = named(live) else { return }
        throw fail(file, "ended_at", "another session is running; one timer runs at a time")
    }

    /// Refuses what a habit's kind does not take across its rows (H-2, H-4, H-13): an avoid habit with
    /// a weekly target (its row or a schedule), more than `Habit.maxWindows` windows, an avoid habit
    /// with more than one window or one with times of day, two windows with one label, and a session on
    /// a window of a habit that is not timed (S-13).
    public static func checkHabits(habits: [Record], schedules: [Record], windows: [Record], habitSessions: [Record]) throws(ImportError) {
        var kinds: [String: HabitKind] = [:]
        for habit in habits { kinds[habit.id] = habit.text["kind"].flatMap(HabitKind.init(rawValue:)) }
        for habit in habits where kinds[habit.id] == .avoid && (habit.integer["target_per_week"] ?? 0) > 0 && habit.place != nil {
            throw fail(habit, "target_per_week", "an avoid habit counts slips each day; it cannot have a weekly target")
        }
        for schedule in schedules where schedule.place != nil && (schedule.integer["target_per_week"] ?? 0) > 0 {
            if let habit = schedule.text["habit_id"], kinds[habit] == .avoid {
                throw fail(schedule, "target_per_week", "an avoid habit counts slips each day; it cannot have a weekly target")
            }
        }
        var byHabit: [String: [Record]] = [:]
        for window in windows { byHabit[window.text["habit_id"] ?? "", default: []].append(window) }
        for habit in byHabit.keys.sorted() {
            let list = byHabit[habit] ?? []
            guard let file = named(list) else { continue }
            if list.count > Habit.maxWindows {
                throw fail(file, "habit_id", "its habit would have \(list.count) windows; a habit has at most \(Habit.maxWindows)")
            }
            if kinds[habit] == .avoid {
                if list.count > 1 { throw fail(file, "habit_id", "an avoid habit has a single all-day window") }
                if (file.integer["start_minute"] ?? 0) != 0 || (file.integer["end_minute"] ?? 1439) != 1439 {
                    throw fail(file, "start_minute", "an avoid habit has a single all-day window")
                }
            }
            try checkUnique(list, column: "label", what: "window of this habit")
        }
        var windowHabit: [String: String] = [:]
        for window in windows { windowHabit[window.id] = window.text["habit_id"] }
        for session in habitSessions where session.place != nil {
            guard let window = session.text["habit_window_id"], let habit = windowHabit[window],
                  let kind = kinds[habit], kind != .timed else { continue }
            throw fail(session, "habit_window_id", "a session belongs to a timed habit's window; this one's habit is \(kind.withArticle) habit")
        }
    }

    /// Refuses a task whose deferral count differs from its deferral records (Y-18: the count is the
    /// number of records). `tasks` carry `deferral_count` and `records`, the number of records the
    /// store holds for them after the import; a task with no record keeps the count it holds (a backup
    /// from before records were kept).
    public static func checkDeferralCounts(_ tasks: [Record]) throws(ImportError) {
        for task in tasks where task.place != nil {
            let records = task.integer["records"] ?? 0, count = task.integer["deferral_count"] ?? 0
            guard records > 0, records != count else { continue }
            throw fail(task, "deferral_count", "\(count) does not match the task's \(records) deferral record\(records == 1 ? "" : "s")")
        }
    }
}
