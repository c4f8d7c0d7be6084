import CharflowCore
import Foundation

/// A counted, binary (or avoid) habit day's amount as the sum of increment rows, and a timed day's as
/// the sum of its closed sessions (spec D18, rule Y-6): rows are never overwritten, so increments two devices
/// make offline both count after a sync, where a total would go to the last writer. Undo is a
/// negative increment (`habit log … --undo`) or the increment removed for good (`undo`).
///
/// The entry row keeps the day's amount and completion for every reader; `settle` recomputes both
/// from the rows, the same way on every device, so a merge (`CharflowSync`) and a local log agree.
package enum HabitIncrements {
    /// One habit window's day.
    package struct Day: Hashable, Sendable {
        package let window: String
        package let date: String
    }

    /// Records that a day's amount went from `before` by `delta`: first, when the rows do not sum to
    /// `before` (an amount from before increments were kept, or from an import), a base row carries
    /// the difference, made when that amount was (`baseAt`); then the increment itself, captured for
    /// undo.
    static func record(window: UUID, day: LocalDay, before: Int, baseAt: Date, delta: Int, at time: Date,
                       journal: inout UndoJournal, db: Database) throws {
        let key = Day(window: window.lowercasedText, date: day.description)
        let held = try steps(key, db).reduce(0) { $0 + $1.amount }
        if held != before {
            let base = try DerivedID.habitBase(window: window, day: day, in: db).lowercasedText
            try db.run("""
                INSERT INTO habit_increments (id, window_id, date, amount, made_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET amount = amount + excluded.amount
                """, [.text(base), .text(key.window), .text(key.date), .integer(Int64(before - held)),
                      .text(Instant.storageText(baseAt))])
        }
        let id = UUID().lowercasedText
        try journal.capture("habit_increments", key: id)
        try db.run("INSERT INTO habit_increments (id, window_id, date, amount, made_at) VALUES (?, ?, ?, ?, ?)",
                   [.text(id), .text(key.window), .text(key.date), .integer(Int64(delta)), .text(Instant.storageText(time))])
    }

    /// Settles each entry of `entries` (ids) from its day's rows, after an undo emptied it: what
    /// other devices' rows (or this device's earlier ones) still make of the day.
    static func settle(entries ids: [String], at time: String, db: Database) throws {
        guard !ids.isEmpty else { return }
        let kinds = try windowKinds(db)
        for id in ids {
            guard let row = try db.rows("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE id = ?", [.text(id)]).first
            else { continue }
            var entry = HabitRecords.entry(row)
            guard let kind = kinds[entry.windowID.lowercasedText] else { continue }
            let held = entry
            try settle(&entry, kind: kind, db: db)
            if entry != held { try saveSettled(entry, db: db) }
        }
    }

    /// The sum of the rows of the window's `day`, or nil when it has none.
    static func sum(window: UUID, day: LocalDay, db: Database) throws -> Int? {
        let steps = try steps(Day(window: window.lowercasedText, date: day.description), db)
        return steps.isEmpty ? nil : steps.reduce(0) { $0 + $1.amount }
    }

    /// Gives an entry made afresh the amount of the day's rows, when it has any: its first entry was
    /// removed for good elsewhere (an undo), while rows other devices made for the day remain.
    static func adopt(_ entry: inout HabitEntry, kind: HabitKind, db: Database) throws {
        guard kind != .timed else { return }
        let steps = try steps(Day(window: entry.windowID.lowercasedText, date: entry.date.description), db)
        if !steps.isEmpty { entry.amount = HabitCompletion.amount(steps, kind: kind) }
    }

    /// Sets `entry`'s amount and completion from its rows: a counted day's increments (when it has
    /// any), a timed day's closed sessions. Other kinds, and counted days kept before increments
    /// were, are left as they are.
    package static func settle(_ entry: inout HabitEntry, kind: HabitKind, db: Database) throws {
        let key = Day(window: entry.windowID.lowercasedText, date: entry.date.description)
        switch kind {
        case .counted, .binary:
            let steps = try steps(key, db)
            guard !steps.isEmpty else { return }
            entry.amount = HabitCompletion.amount(steps, kind: kind)
            entry.completedAt = HabitCompletion.completedAt(steps, target: entry.target, kind: kind)
        case .avoid:
            let steps = try steps(key, db)
            guard !steps.isEmpty else { return }
            entry.amount = HabitCompletion.amount(steps, kind: kind)
        case .timed:
            let steps = try sessionSteps(key, db)
            entry.amount = HabitCompletion.amount(steps, kind: kind)
            entry.completedAt = HabitCompletion.completedAt(steps, target: entry.target, kind: kind)
        }
    }

    /// Each habit window's kind, by window id.
    package static func windowKinds(_ db: Database) throws -> [String: HabitKind] {
        var kinds: [String: HabitKind] = [:]
        try db.forEachRow("SELECT w.id, h.kind FROM habit_windows w JOIN habits h ON h.id = w.habit_id") {
            if let window = $0[0].text, let kind = $0[1].text.flatMap(HabitKind.init(rawValue:)) { kinds[window] = kind }
        }
        return kinds
    }

    /// The entries of one habit day (one, unless two devices made it under different ids).
    package static func entries(of day: Day, db: Database) throws -> [HabitEntry] {
        try db.rows("SELECT \(HabitRecords.entryColumns) FROM habit_entries WHERE window_id = ? AND date = ?",
                    [.text(day.window), .text(day.date)]).map(HabitRecords.entry)
    }

    /// Writes an entry's settled amount and completion, outside any undo (a merge's own result).
    package static func saveSettled(_ entry: HabitEntry, db: Database) throws {
        try db.run("UPDATE habit_entries SET amount = ?, completed_at = ? WHERE id = ?",
                   [.integer(Int64(entry.amount)), entry.completedAt.map(Instant.storageText).sqlValue,
                    .text(entry.id.lowercasedText)])
    }

    /// The habit day a row of `table` belongs to, when it is one that makes a day's amount.
    package static func day(of table: String, id: String, db: Database) throws -> Day? {
        let sql = switch table {
        case "habit_increments", "habit_entries": "SELECT window_id, date FROM \(table) WHERE id = ?"
        case "sessions": "SELECT habit_window_id, day FROM sessions WHERE id = ? AND habit_window_id IS NOT NULL"
        default: ""
        }
        guard !sql.isEmpty, let row = try db.rows(sql, [.text(id)]).first,
              let window = row[0].text, let date = row[1].text else { return nil }
        return Day(window: window, date: date)
    }

    private static func steps(_ day: Day, _ db: Database) throws -> [HabitCompletion.Step] {
        try db.rows("SELECT made_at, id, amount FROM habit_increments WHERE window_id = ? AND date = ?",
                    [.text(day.window), .text(day.date)]).map {
            HabitCompletion.Step(at: $0.instant(0) ?? Date(timeIntervalSince1970: 0), id: $0[1].text ?? "", amount: $0[2].int ?? 0)
        }
    }

    private static func sessionSteps(_ day: Day, _ db: Database) throws -> [HabitCompletion.Step] {
        try db.rows("""
            SELECT ended_at, id, actual_seconds FROM sessions WHERE habit_window_id = ? AND day = ? AND ended_at IS NOT NULL
            """, [.text(day.window), .text(day.date)]).map {
            HabitCompletion.Step(at: $0.instant(0) ?? Date(timeIntervalSince1970: 0), id: $0[1].text ?? "", amount: $0[2].int ?? 0)
        }
    }
}
