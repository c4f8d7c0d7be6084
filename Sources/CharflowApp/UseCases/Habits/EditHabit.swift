import CharflowCore
import CharflowStore
import Foundation

/// Edit a habit: its title, notes, group, schedule, targets, effort and windows. A change affects the
/// future only (H-5): today takes the new target, each correctable past day keeps the one it had.
public enum EditHabit {
    public struct Input: Sendable {
        public var habit: UUID
        public var change: HabitChange

        public init(habit: UUID, change: HabitChange) {
            self.habit = habit
            self.change = change
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
    /// `.some(nil)` takes the habit out of its group.
    public var group: UUID??

    public init() {}
}

extension Charflow {
    @discardableResult
    public func editHabit(_ input: EditHabit.Input) throws -> HabitReport {
        let change = input.change
        var habit = try habit(id: input.habit)
        if let kind = change.kind, kind != habit.kind { throw PlannerError.kindFixed }
        if let title = change.title {
            habit.title = try TaskText.title(title, field: .habitName)
            let id = habit.id
            try HabitRules.checkName(habit.title, taken: try store.habitRecords.habits(titled: habit.title).first { $0.id != id })
        }
        if let notes = change.notes { habit.notes = TaskText.notes(notes) }
        if let group = change.group { habit.groupID = try group.map { try self.group(id: $0).id } }
        let scheduleChanged = change.schedule.map { $0 != habit.schedule } ?? false
        if let schedule = change.schedule {
            try HabitRules.checkSchedule(schedule, kind: habit.kind)
            habit.schedule = schedule
        }
        let records = store.habitRecords
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
        let edited = habit
        let changed = windows
        let saved = try store.action("habit edit") { work in
            let saved = try records.save(edited, in: work)
            if scheduleChanged { try records.recordSchedule(of: edited, from: today, in: work) }
            for window in changed {
                guard let old = oldTargets[window.id] else {
                    try records.insert(window, in: work)
                    continue
                }
                if old != window.target { try keepPastTargets(of: window, old: old, in: work) }
                try records.save(window, in: work)
                // Today counts as the future: its entry takes the new target; earlier days keep theirs.
                if var entry = try records.entry(window: window.id, on: today), entry.target != window.target {
                    entry.target = window.target
                    if edited.kind != .avoid {
                        HabitRules.settleCompletion(&entry, kind: edited.kind, log: nil, today: today, now: now)
                        try records.settleIncrements(&entry, kind: edited.kind)
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

    // MARK: From a request

    /// `habit edit ID` with the options of add and `--title`; `--group none` takes it out of its group.
    public func editHabit(_ request: Request) throws -> HabitReport {
        var change = HabitChange()
        change.title = request.value("title")
        if let notes = request.value("notes") { change.notes = .some(notes) }
        change.kind = try request.habitKind()
        change.target = try request.number("target", what: "a target", in: WholeNumber.habitTarget)
        change.schedule = try request.habitSchedule()
        change.windows = try request.habitWindows()
        change.effortMinutes = try request.habitEffort()
        let habit = try habit(matching: try request.habitSubject())
        if let group = request.value("group") {
            change.group = .some(group.lowercased() == "none" ? nil : try self.group(matching: group).id)
        }
        return try editHabit(EditHabit.Input(habit: habit.id, change: change))
    }
}
