import CharflowCore
import CharflowStore
import Foundation

/// Add a habit with its windows: one all-day window unless times of day are given; a preset may stand
/// in for the title and give the kind, target, schedule and effort.
public enum AddHabit {
    public struct Input: Sendable {
        /// The title; empty takes the preset's.
        public var title: String
        public var notes: String?
        public var preset: HabitPreset?
        public var kind: HabitKind?
        public var target: Int?
        public var schedule: HabitSchedule?
        public var windows: [WindowSpec] = []
        /// Minutes each window takes; `.some(nil)` for none.
        public var effortMinutes: Int??
        public var group: UUID?

        public init(title: String) {
            self.title = title
        }
    }
}

extension Charflow {
    /// Adds a habit; its schedule is recorded as in force from today.
    @discardableResult
    public func addHabit(_ input: AddHabit.Input) throws -> HabitReport {
        let preset = input.preset
        let kind = input.kind ?? preset?.kind ?? .binary
        let title = try TaskText.title(input.title.isEmpty ? (preset?.title ?? "") : input.title, field: .habitName)
        let target = try HabitRules.validTarget(input.target ?? preset?.target ?? (kind == .avoid ? 0 : 1), kind: kind)
        let specs = input.windows.isEmpty ? [WindowSpec(label: "")] : input.windows
        try HabitRules.checkNewWindows(specs, kind: kind)
        let schedule = input.schedule ?? preset?.schedule ?? .daily
        try HabitRules.checkSchedule(schedule, kind: kind)
        try HabitRules.checkName(title, taken: try store.habitRecords.habits(titled: title, limit: 1).first)
        let group = try input.group.map { try self.group(id: $0) }
        // A timed habit's effort defaults to its target (H-12), a preset's changed target included.
        let effort: Int? = input.effortMinutes ?? (kind == .timed ? target : preset?.effortMinutes)
        let records = store.habitRecords
        let habit = try store.action("habit add") { work in
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

    // MARK: From a request

    /// `habit add TITLE` with the add options, from the CLI's words or the API's body.
    public func addHabit(_ request: Request) throws -> HabitReport {
        var input = AddHabit.Input(title: request.words.dropFirst().joined(separator: " "))
        if let text = request.value("preset") {
            guard let preset = HabitPreset(rawValue: text.lowercased()) else { throw PlannerError.unknownPreset(text) }
            input.preset = preset
        }
        input.kind = try request.habitKind()
        input.target = try request.number("target", what: "a target", in: WholeNumber.habitTarget)
        input.schedule = try request.habitSchedule()
        input.windows = try request.habitWindows()
        input.effortMinutes = try request.habitEffort()
        input.notes = request.value("notes")
        if input.title.isEmpty, input.preset == nil { throw PlannerError.emptyTitle }
        input.group = try request.value("group").map { try group(matching: $0).id }
        return try addHabit(input)
    }
}
