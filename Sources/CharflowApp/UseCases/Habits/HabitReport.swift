import CharflowCore
import CharflowStore
import Foundation

/// A habit after an action on it (added, edited, archived, restored, resumed), with its JSON.
public struct HabitReport: Report {
    public let habit: Habit
    public let json: JSONValue
    /// False when the action found the habit already as asked and recorded nothing (B-21).
    public var changed = true
}

extension Charflow {
    /// The report of `habit` as it stands after an action: its windows, pauses and group read once.
    func habitReport(_ habit: Habit) throws -> HabitReport {
        HabitReport(habit: habit, json: HabitJSON.habit(habit, facts: try habitFacts(of: habit), calendar: calendar))
    }

    /// What the JSON of one habit needs besides the habit itself.
    func habitFacts(of habit: Habit) throws -> HabitFacts {
        let records = store.habitRecords
        let group = try habit.groupID.flatMap { id in try records.groups(includeArchived: true).first { $0.id == id } }
        return HabitFacts(windows: [habit.id: try records.windows(of: habit.id)], pauses: [habit.id: try records.pauses(of: habit.id)],
                          groupTitles: group.map { [$0.id: $0.title] } ?? [:])
    }

    /// What the JSON of a list of habits needs: every habit's windows and pauses, from the read Today
    /// and the habits view already keep, and the group titles when one of `habits` has a group.
    public func habitFacts(for habits: [Habit]) throws -> HabitFacts {
        let held = try habitWindowsAndPauses()
        let groups = habits.contains { $0.groupID != nil } ? try store.habitRecords.groups(includeArchived: true) : []
        return HabitFacts(windows: held.windows, pauses: held.pauses,
                          groupTitles: Dictionary(groups.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first }))
    }
}
