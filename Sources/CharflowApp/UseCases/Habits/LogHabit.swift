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
    public struct Input: Decodable, Sendable {
        public var habit: HabitRef
        /// The window's label; needed when the habit has several.
        public var window: String?
        /// The log; nil is the kind's own (a tick, or one more count).
        public var log: HabitLog?
        /// The day logged; nil for today.
        public var day: DayWord?

        enum CodingKeys: String, CodingKey {
            case habit, window, count, minutes, slip, held, undo
            case day = "date"
        }

        public init(habit: HabitRef, window: String? = nil, log: HabitLog? = nil, day: LocalDay? = nil) {
            self.habit = habit
            self.window = window
            self.log = log
            self.day = day.map(DayWord.date)
        }

        public init(habit: UUID, window: String? = nil, log: HabitLog? = nil, day: LocalDay? = nil) {
            self.init(habit: HabitRef(habit), window: window, log: log, day: day)
        }

        /// The habit, its window and day, and the log: `undo`, `slip` or `held`, else `minutes` N, else
        /// `count` N, in that order when more than one is given.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            habit = try container.decode(HabitRef.self, forKey: .habit)
            let undo = try container.decodeIfPresent(Bool.self, forKey: .undo) ?? false
            let slip = try container.decodeIfPresent(Bool.self, forKey: .slip) ?? false
            let held = try container.decodeIfPresent(Bool.self, forKey: .held) ?? false
            let minutes = try container.decodeIfPresent(HabitMinutes.self, forKey: .minutes)
            let count = try container.decodeIfPresent(HabitCount.self, forKey: .count)
            if undo {
                log = .undo
            } else if slip {
                log = .slip
            } else if held {
                log = .held
            } else if let minutes {
                log = .minutes(minutes.value)
            } else if let count {
                log = .count(count.value)
            }
            day = try container.decodeIfPresent(DayWord.self, forKey: .day)
            window = try container.decodeIfPresent(String.self, forKey: .window)
        }
    }
}

/// One logged (or corrected) day of one window.
public struct HabitLogReport: Report {
    public let habit: Habit
    public let window: HabitWindow
    public let entry: HabitEntry
    public let today: LocalDay
    public let held: Bool
    public let json: JSONValue
    /// False when a step back found nothing to take back and nothing was recorded (B-21).
    public var changed = true
}

extension Charflow {
    @discardableResult
    public func logHabit(_ input: LogHabit.Input) throws -> HabitLogReport {
        let records = store.habitRecords
        let (habit, window, log, entry, changed) = try store.action("habit log") { work -> (Habit, HabitWindow, HabitLog, HabitEntry, Bool) in
            let habit = try self.habit(input.habit)
            let log = try input.log ?? Self.defaultLog(of: habit.kind)
            let day = input.day?.day(today: today) ?? today
            try HabitRules.checkLogDay(day, habit: habit, today: today)
            let window = try self.window(of: habit, label: input.window)
            try HabitRules.checkExisted(day, firstDay: calendar.logicalDay(at: window.createdAt))
            try HabitRules.checkFits(log, kind: habit.kind)
            try HabitRules.checkLoggable(log, on: day, history: try history(of: window, habit: habit, from: day, through: day))
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
                if try !records.removeLastManualLog(window: window.id, on: day, in: work) {
                    work.changesNothing()
                    return (habit, window, log, before, false)
                }
            default: break
            }
            if habit.kind == .timed { entry.amount = try records.timedMinutes(window: window.id, on: day) }
            HabitRules.settleCompletion(&entry, kind: habit.kind, log: log, today: today, now: now)
            if log == .undo, entry.amount == before.amount, entry.completedAt == before.completedAt {
                // Nothing to take back: the day stays as it was and no action is recorded.
                work.changesNothing()
                return (habit, window, log, before, false)
            }
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
            return (habit, window, log, try records.save(entry, in: work), true)
        }
        return HabitLogReport(habit: habit, window: window, entry: entry, today: today, held: log == .held,
                              json: HabitJSON.entry(entry, calendar: calendar), changed: changed)
    }

    /// The log a habit takes when none is named: a tick, or one more count; a timed or avoid habit
    /// needs its minutes or its slip named.
    private static func defaultLog(of kind: HabitKind) throws -> HabitLog {
        switch kind {
        case .binary: .toggle
        case .counted: .count(1)
        case .timed, .avoid: throw PlannerError.wrongLog(kind: kind, log: nil)
        }
    }
}
