import CharflowCore
import CharflowStore
import Foundation

/// Adopt a detected habit: a binary habit with the schedule its completions suggest, and an
/// entry for each day of the run that was detected, done when the task was. One action, one undo.
///
/// The habit's one window begins on the run's first day, so its grid shows the run as history; the
/// schedule is recorded from that day on. Declined or earlier offers can still be adopted by name.
public enum AdoptHabitOffer {
    public struct Input: Decodable, Sendable {
        /// The offer's id (4+ characters) or the title it was detected from.
        public var offer: HabitOfferRef

        public init(offer: HabitOfferRef) {
            self.offer = offer
        }

        public init(offer word: String) throws {
            offer = try HabitOfferRef.reading(word)
        }
    }
}

extension Charflow {
    @discardableResult
    public func adoptHabitOffer(_ input: AdoptHabitOffer.Input) throws -> HabitReport {
        let records = store.habitRecords
        let habit = try store.action("habit adopt") { work in
            let detected = try self.habitOffer(input.offer)
            let title = try TaskText.title(detected.title, field: .habitName)
            try HabitRules.checkName(title, taken: try records.habits(titled: title, limit: 1).first)
            let firstDay = detected.days[0]
            // Each day's completion time, from the tasks the detection read (the day's earliest).
            let done = try store.taskRepository.doneTitles(from: firstDay, through: today, minimum: 1)
            var doneAt: [LocalDay: Date] = [:]
            for (title, day, at) in done where LearnedEffort.titleKey(title) == detected.key {
                if doneAt[day].map({ at < $0 }) ?? true { doneAt[day] = at }
            }
            let habit = Habit(title: title, kind: .binary, schedule: detected.cadence.schedule,
                              sortOrder: try records.count(), createdAt: now)
            try records.insert(habit, in: work)
            try records.recordSchedule(of: habit, from: firstDay, in: work)
            let window = HabitWindow(habitID: habit.id, label: "", startMinute: 0, endMinute: 1439, target: 1, effortMinutes: nil,
                                     reminderMinute: nil, sortOrder: 0, createdAt: min(calendar.start(of: firstDay), now))
            try records.insert(window, in: work)
            for day in detected.days {
                let at = doneAt[day] ?? calendar.start(of: day)
                var entry = HabitEntry(id: try records.newEntryID(window: window.id, on: day), windowID: window.id,
                                       date: day, target: 1, modifiedAt: now)
                // A tick is an increment (Y-18), made when the task was done.
                try records.recordIncrement(window: window.id, day: day, before: 0, baseAt: at, delta: 1, at: at, in: work)
                try records.settleIncrements(&entry, kind: .binary)
                if entry.amount >= 1, entry.completedAt == nil { entry.completedAt = at }
                try records.save(entry, in: work)
            }
            return habit
        }
        return try habitReport(habit)
    }
}
