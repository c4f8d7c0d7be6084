import CharflowCore
import CharflowStore
import Foundation

/// Edit a habit: its title, notes, group, schedule, targets, effort and windows. A change affects the
/// future only (H-5): today takes the new target, each correctable past day keeps the one it had.
public enum EditHabit {
    public struct Input: Decodable, Sendable {
        public var habit: HabitRef
        public var change: HabitChange

        enum CodingKeys: String, CodingKey {
            case habit, title, kind, target, days, weekdays, window, effort, group, notes
            case perWeek = "per-week"
        }

        public init(habit: HabitRef, change: HabitChange) {
            self.habit = habit
            self.change = change
        }

        public init(habit: UUID, change: HabitChange) {
            self.init(habit: HabitRef(habit), change: change)
        }

        /// The habit, and the options of a new habit (no preset) with `title` to rename it.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            habit = try container.decode(HabitRef.self, forKey: .habit)
            change = HabitChange()
            change.title = try container.decodeIfPresent(String.self, forKey: .title)
            if let notes = try container.decodeIfPresent(String.self, forKey: .notes) { change.notes = .some(notes) }
            change.kind = try container.decodeIfPresent(HabitKind.self, forKey: .kind)
            change.target = try container.decodeIfPresent(HabitTarget.self, forKey: .target)?.value
            change.schedule = try HabitScheduleOptions.decode(container, days: .days, weekdays: .weekdays, perWeek: .perWeek)
            change.windows = try container.decodeIfPresent([WindowSpec].self, forKey: .window) ?? []
            change.effortMinutes = try container.decodeIfPresent(HabitEffort.self, forKey: .effort).map(\.minutes)
            change.group = try container.decodeIfPresent(GroupChoice.self, forKey: .group)
        }
    }
}

/// What an edit changes; nil leaves a field alone.
public struct HabitChange: Sendable {
    public var title: String?
    public var notes: String??
    /// Fixed at creation: a different kind is refused.
    public var kind: HabitKind?
    public var target: Int?
    public var schedule: HabitSchedule?
    /// Each updates the window with its label (ignoring case), or adds one.
    public var windows: [WindowSpec] = []
    public var effortMinutes: Int??
    /// A group to put the habit in, or `none` to take it out of its group.
    public var group: GroupChoice?

    public init() {}
}

extension Charflow {
    @discardableResult
    public func editHabit(_ input: EditHabit.Input) throws -> HabitReport {
        let change = input.change
        let records = store.habitRecords
        let saved = try store.action("habit edit") { work in
            var habit = try self.habit(input.habit)
            switch change.group {
            case .none?: habit.groupID = nil
            case .group(let ref)?: habit.groupID = try group(ref).id
            case nil: break
            }
            if let kind = change.kind, kind != habit.kind { throw PlannerError.kindFixed }
            if let title = change.title {
                habit.title = try TaskText.title(title, field: .habitName)
                let id = habit.id
                try HabitRules.checkName(habit.title, taken: try records.habits(titled: habit.title).first { $0.id != id })
            }
            if let notes = change.notes { habit.notes = TaskText.notes(notes) }
            let scheduleChanged = change.schedule.map { $0 != habit.schedule } ?? false
            if let schedule = change.schedule {
                try HabitRules.checkSchedule(schedule, kind: habit.kind)
                habit.schedule = schedule
            }
            var windows = try records.windows(of: habit.id)
            let oldTargets = Dictionary(uniqueKeysWithValues: windows.map { ($0.id, $0.target) })
            if let target = change.target {
                let valid = try HabitRules.validTarget(target, kind: habit.kind)
                for index in windows.indices {
                    // A timed window's effort that was its target's default follows the new target (H-12);
                    // an effort set apart from the target stays.
                    if habit.kind == .timed, change.effortMinutes == nil, windows[index].effortMinutes == windows[index].target {
                        windows[index].effortMinutes = valid
                    }
                    windows[index].target = valid
                }
            }
            if let effort = change.effortMinutes {
                for index in windows.indices { windows[index].effortMinutes = effort }
            }
            for spec in change.windows {
                try HabitRules.checkEditedWindow(spec, kind: habit.kind)
                if let index = windows.firstIndex(where: { $0.label.lowercased() == spec.label.lowercased() }) {
                    if let start = spec.start { windows[index].startMinute = start.minutes }
                    if let end = spec.end { windows[index].endMinute = end.minutes }
                    if let reminder = spec.reminder { windows[index].reminderMinute = reminder.minutes }
                } else {
                    try HabitRules.checkAddedWindow(kind: habit.kind, windowsHeld: windows.count)
                    // A habit's one unlabeled window, joined by a second, takes a label so each can be named (H-4).
                    if windows.count == 1, windows[0].label.isEmpty {
                        windows[0].label = spec.label.lowercased() == HabitWindow.firstLabel.lowercased()
                            ? HabitWindow.otherFirstLabel : HabitWindow.firstLabel
                    }
                    let template = windows.first
                    windows.append(HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                               endMinute: spec.end?.minutes ?? 1439, target: template?.target ?? 1,
                                               effortMinutes: template?.effortMinutes, reminderMinute: spec.reminder?.minutes,
                                               sortOrder: windows.count, createdAt: now))
                }
            }
            let saved = try records.save(habit, in: work)
            if scheduleChanged { try records.recordSchedule(of: habit, from: today, in: work) }
            for window in windows {
                guard let old = oldTargets[window.id] else {
                    try records.insert(window, in: work)
                    continue
                }
                if old != window.target { try keepPastTargets(of: window, old: old, in: work) }
                try records.save(window, in: work)
                // Today counts as the future: its entry takes the new target; earlier days keep theirs.
                if var entry = try records.entry(window: window.id, on: today), entry.target != window.target {
                    entry.target = window.target
                    if habit.kind != .avoid {
                        HabitRules.settleCompletion(&entry, kind: habit.kind, log: nil, today: today, now: now)
                        try records.settleIncrements(&entry, kind: habit.kind)
                    }
                    try records.save(entry, in: work)
                }
            }
            return saved
        }
        return try habitReport(saved)
    }

    /// Gives each correctable past day of `window` without an entry an empty one holding `old`, the
    /// target those days had, before the target changes; so a later correction keeps that day's target.
    private func keepPastTargets(of window: HabitWindow, old: Int, in work: UnitOfWork) throws {
        let records = store.habitRecords
        for day in HabitRules.snapshotDays(firstDay: calendar.logicalDay(at: window.createdAt), today: today)
        where try records.entry(window: window.id, on: day) == nil {
            try records.save(HabitEntry(id: try records.newEntryID(window: window.id, on: day), windowID: window.id,
                                        date: day, target: old, modifiedAt: now), in: work)
        }
    }
}
