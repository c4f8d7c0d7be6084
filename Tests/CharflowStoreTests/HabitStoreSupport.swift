import CharflowCore
@testable import CharflowStore
import Foundation
import Testing

/// Habit rows for the store's own tests (planning's reads, reminders), written through
/// `HabitRepository` as an action would leave them. The habit use cases and their rules live in
/// `CharflowApp` and are tested there (`Tests/CharflowAppTests/Habit*UseCaseTests.swift`).
extension Store {
    /// The fields of a habit these tests set.
    struct NewHabit {
        var title: String
        var kind: HabitKind?
        var target: Int?
        var schedule: HabitSchedule?
        var windows: [WindowSpec] = []
        var effortMinutes: Int??

        init(title: String) {
            self.title = title
        }
    }

    /// A habit with its windows (one all-day window unless given), as one undoable action.
    @discardableResult
    func addHabit(_ request: NewHabit) throws -> Habit {
        let kind = request.kind ?? .binary
        let target = request.target ?? (kind == .avoid ? 0 : 1)
        let records = habitRecords
        let habit = Habit(title: request.title, kind: kind, schedule: request.schedule ?? .daily,
                          sortOrder: try records.count(), createdAt: now)
        try action("habit add") { work in
            try records.insert(habit, in: work)
            try records.recordSchedule(of: habit, from: today, in: work)
            for (index, spec) in (request.windows.isEmpty ? [WindowSpec(label: "")] : request.windows).enumerated() {
                try records.insert(HabitWindow(habitID: habit.id, label: spec.label, startMinute: spec.start?.minutes ?? 0,
                                               endMinute: spec.end?.minutes ?? 1439, target: target,
                                               effortMinutes: request.effortMinutes ?? (kind == .timed ? target : nil),
                                               reminderMinute: spec.reminder?.minutes, sortOrder: index, createdAt: now),
                                   in: work)
            }
        }
        return habit
    }

    /// A pause of the habit whose id is `id` (text), from `from` (or today) until `to`.
    func pauseHabit(_ id: String, from: LocalDay?, to: LocalDay?, reason: PauseReason) throws {
        let key = try #require(UUID(uuidString: id))
        let habit = try #require(try habitRecords.habit(id: key))
        try action("habit pause") { work in
            try habitRecords.insert(HabitPause(habitID: habit.id, from: from ?? today, to: to, reason: reason, modifiedAt: now),
                                    in: work)
        }
    }

    /// Adds `log`'s count to today's entry of the only window of the habit whose id is `id` (text).
    func logHabit(_ id: String, window: String?, _ log: HabitLog) throws {
        guard case .count(let step) = log else { Issue.record("only counts are written here"); return }
        let key = try #require(UUID(uuidString: id))
        let habit = try #require(try habitRecords.habit(id: key))
        let only = try #require(try habitRecords.windows(of: habit.id).first)
        try action("habit log") { work in
            var entry = try habitRecords.entry(window: only.id, on: today)
                ?? HabitEntry(id: try habitRecords.newEntryID(window: only.id, on: today), windowID: only.id, date: today,
                              target: only.target, modifiedAt: now)
            entry.amount += step
            HabitRules.settleCompletion(&entry, kind: habit.kind, log: log, today: today, now: now)
            try habitRecords.save(entry, in: work)
        }
    }
}
