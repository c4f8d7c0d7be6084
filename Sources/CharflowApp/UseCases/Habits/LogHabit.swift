import CharflowCore
import CharflowStore
import Foundation

/// Log a habit's day, or correct one of the last 14 (H-5): tick, count, minutes by hand, a slip, a
/// held day, or one step back.
///
/// Archived habits take no log, and neither do days the habit asked nothing of (paused or not
/// scheduled). A day without an entry takes the window's target; a past day whose target has since
/// changed has an entry keeping its own (`editHabit`). Counts and ticks are kept as increments, so two
/// devices' logs both count (Y-6, Y-18); a timed day's minutes are its sessions'.
public enum LogHabit {
    public struct Input: Sendable {
        public var habit: UUID
        /// The window's label; needed when the habit has several.
        public var window: String?
        public var log: HabitLog
        /// The day logged; nil for today.
        public var day: LocalDay?

        public init(habit: UUID, window: String? = nil, log: HabitLog, day: LocalDay? = nil) {
            self.habit = habit
            self.window = window
            self.log = log
            self.day = day
        }
    }
}

/// One logged (or corrected) day of one window.
public struct HabitLogReport {
    public let habit: Habit
    public let window: HabitWindow
    public let entry: HabitEntry
    public let today: LocalDay
    public let held: Bool
    public let json: JSONValue
}

extension Charflow {
    @discardableResult
    public func logHabit(_ input: LogHabit.Input) throws -> HabitLogReport {
        let habit = try habit(id: input.habit)
        let log = input.log
        let day = input.day ?? today
        try HabitRules.checkLogDay(day, habit: habit, today: today)
        let window = try window(of: habit, label: input.window)
        try HabitRules.checkExisted(day, firstDay: calendar.logicalDay(at: window.createdAt))
        try HabitRules.checkFits(log, kind: habit.kind)
        try HabitRules.checkLoggable(log, on: day, history: try history(of: window, habit: habit, from: day, through: day))
        let records = store.habitRecords
        let entry = try store.action("habit log") { work in
            var entry: HabitEntry
            if let found = try records.entry(window: window.id, on: day) {
                entry = found
            } else {
                entry = HabitEntry(id: try records.newEntryID(window: window.id, on: day), windowID: window.id,
                                   date: day, target: window.target, modifiedAt: now)
                try records.adoptIncrements(&entry, kind: habit.kind)
            }
            let before = entry
            if log == .held { try HabitRules.checkHeld(slips: entry.amount, allowed: entry.target) }
            try HabitRules.apply(log, to: &entry, kind: habit.kind, now: now)
            switch (habit.kind, log) {
            case (.timed, .minutes(let minutes)):
                try store.sessions.save(WorkSession(subject: .habitWindow(window.id), startedAt: now, day: day, endedAt: now,
                                                      outcome: .manual, actualSeconds: minutes * 60), in: work)
            case (.timed, .undo):
                try records.removeLastManualLog(window: window.id, on: day, in: work)
            default: break
            }
            if habit.kind == .timed { entry.amount = try records.timedMinutes(window: window.id, on: day) }
            HabitRules.settleCompletion(&entry, kind: habit.kind, log: log, today: today, now: now)
            if habit.kind == .counted || habit.kind == .avoid, entry.amount != before.amount {
                try records.recordIncrement(window: window.id, day: day, before: before.amount,
                                            baseAt: before.completedAt ?? before.modifiedAt,
                                            delta: entry.amount - before.amount, in: work)
            } else if habit.kind == .binary, entry.amount != before.amount {
                // A tick is an increment too, taking the day's rows to what is shown (Y-18): two devices'
                // ticks both count, and taking one back leaves the other's.
                let held = try records.incrementSum(window: window.id, on: day)
                let start = held.map { HabitCompletion.amount([.init(at: now, id: "", amount: $0)], kind: .binary) } == before.amount
                    ? held ?? before.amount : before.amount
                try records.recordIncrement(window: window.id, day: day, before: start,
                                            baseAt: before.completedAt ?? before.modifiedAt,
                                            delta: entry.amount - start, in: work)
            }
            try records.settleIncrements(&entry, kind: habit.kind)
            return try records.save(entry, in: work)
        }
        return HabitLogReport(habit: habit, window: window, entry: entry, today: today, held: log == .held,
                              json: HabitJSON.entry(entry, calendar: calendar))
    }

    // MARK: From a request

    /// `habit log ID`: the kind's default log, or `--count`, `--minutes`, `--slip`, `--held`, `--undo`, for
    /// today or one of the last 14 days (`--date`).
    public func logHabit(_ request: Request) throws -> HabitLogReport {
        let habit = try habit(matching: try request.habitSubject())
        let log: HabitLog
        if request.has("undo") {
            log = .undo
        } else if request.has("slip") {
            log = .slip
        } else if request.has("held") {
            log = .held
        } else if let minutes = try request.number("minutes", what: "the minutes of one log", in: WholeNumber.habitMinutes) {
            log = .minutes(minutes)
        } else if let count = try request.number("count", what: "the count of one log", in: WholeNumber.habitCount) {
            log = .count(count)
        } else {
            switch habit.kind {
            case .binary: log = .toggle
            case .counted: log = .count(1)
            case .timed: throw PlannerError.wrongLog(kind: .timed, log: nil)
            case .avoid: throw PlannerError.wrongLog(kind: .avoid, log: nil)
            }
        }
        var day: LocalDay?
        if let text = request.value("date") {
            switch text.lowercased() {
            case "today": day = today
            case "yesterday": day = today.adding(days: -1)
            default:
                guard let entered = LocalDay(entered: text) else { throw InputError.badDate(text) }
                day = entered
            }
        }
        return try logHabit(LogHabit.Input(habit: habit.id, window: request.value("window"), log: log, day: day))
    }
}
