import CharflowCore
import CharflowStore
import Foundation

/// Add a habit with its windows: one all-day window unless times of day are given; a preset may stand
/// in for the title and give the kind, target, schedule and effort.
public enum AddHabit {
    public struct Input: Decodable, Sendable {
        /// The title; empty takes the preset's. On the command line, the words after `habit add`.
        public var title: String
        public var notes: String?
        public var preset: HabitPreset?
        public var kind: HabitKind?
        public var target: Int?
        /// From `days`, `weekdays` or `per-week` (at most one).
        public var schedule: HabitSchedule?
        /// Each `window` given, in order.
        public var windows: [WindowSpec] = []
        /// Minutes each window takes; `.some(nil)` for none.
        public var effortMinutes: Int??
        public var group: GroupRef?

        enum CodingKeys: String, CodingKey {
            case title, preset, kind, target, days, weekdays, window, effort, group, notes
            case perWeek = "per-week"
        }

        public init(title: String, kind: HabitKind? = nil, target: Int? = nil) {
            self.title = title
            self.kind = kind
            self.target = target
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
            preset = try container.decodeIfPresent(HabitPreset.self, forKey: .preset)
            kind = try container.decodeIfPresent(HabitKind.self, forKey: .kind)
            target = try container.decodeIfPresent(HabitTarget.self, forKey: .target)?.value
            schedule = try HabitScheduleOptions.decode(container, days: .days, weekdays: .weekdays, perWeek: .perWeek)
            windows = try container.decodeIfPresent([WindowSpec].self, forKey: .window) ?? []
            effortMinutes = try container.decodeIfPresent(HabitEffort.self, forKey: .effort).map(\.minutes)
            notes = try container.decodeIfPresent(String.self, forKey: .notes)
            group = try container.decodeIfPresent(GroupRef.self, forKey: .group)
        }
    }
}

extension Charflow {
    /// Adds a habit; its schedule is recorded as in force from today.
    @discardableResult
    public func addHabit(_ input: AddHabit.Input) throws -> HabitReport {
        if input.title.isEmpty, input.preset == nil { throw PlannerError.emptyName(.habitName) }
        let preset = input.preset
        let kind = input.kind ?? preset?.kind ?? .binary
        let records = store.habitRecords
        let habit = try store.action("habit add") { work in
            let group = try input.group.map { try self.group($0) }
            let title = try TaskText.title(input.title.isEmpty ? (preset?.title ?? "") : input.title, field: .habitName)
            let target = try HabitRules.validTarget(input.target ?? preset?.target ?? (kind == .avoid ? 0 : 1), kind: kind)
            let specs = input.windows.isEmpty ? [WindowSpec(label: "")] : input.windows
            try HabitRules.checkNewWindows(specs, kind: kind)
            let schedule = input.schedule ?? preset?.schedule ?? .daily
            try HabitRules.checkSchedule(schedule, kind: kind)
            try HabitRules.checkName(title, taken: try records.habits(titled: title, limit: 1).first)
            // A timed habit's effort defaults to its target (H-12), a preset's changed target included.
            let effort: Int? = input.effortMinutes ?? (kind == .timed ? target : preset?.effortMinutes)
            let habit = Habit(title: title, notes: TaskText.notes(input.notes), presetKey: preset?.rawValue, kind: kind,
                              schedule: schedule, groupID: group?.id,
                              sortOrder: try records.count(), createdAt: now)
            try records.insert(habit, in: work)
            try records.recordSchedule(of: habit, from: today, in: work)
            for (index, spec) in specs.enumerated() {
                try records.insert(HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                               endMinute: spec.end?.minutes ?? 1439, target: target, effortMinutes: effort,
                                               reminderMinute: spec.reminder?.minutes, sortOrder: index, createdAt: now),
                                   in: work)
            }
            return habit
        }
        return try habitReport(habit)
    }
}
