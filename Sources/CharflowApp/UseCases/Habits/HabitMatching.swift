import CharflowCore
import CharflowStore
import Foundation

/// Finding the habit, window or group a person's word names, for the use cases' request adapters and
/// for the windows a typed input names by label.
extension Charflow {
    /// The habit whose id starts with `word` (4+ characters), or whose title is `word`, ignoring case.
    public func habit(matching word: String) throws -> Habit {
        let key = word.lowercased()
        if key.count >= 4 {
            let found = try store.habitRecords.habits(idStartingWith: key)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw PlannerError.ambiguousHabit(word) }
        }
        let named = try store.habitRecords.habits(titled: key)
        if named.count == 1 { return named[0] }
        if named.count > 1 { throw PlannerError.ambiguousHabit(word) }
        throw PlannerError.noHabitMatches(word)
    }

    /// The habit with this id, or the refusal that none matches.
    func habit(id: UUID) throws -> Habit {
        guard let habit = try store.habitRecords.habit(id: id) else { throw PlannerError.noHabitMatches(id.lowercasedText) }
        return habit
    }

    /// The window called `label`, ignoring case; without one, the habit's only window.
    func window(of habit: Habit, label: String?) throws -> HabitWindow {
        let windows = try store.habitRecords.windows(of: habit.id)
        if let label {
            guard let match = windows.first(where: { $0.label.lowercased() == label.lowercased() }) else {
                throw PlannerError.noWindowMatches(label)
            }
            return match
        }
        guard windows.count == 1 else { throw PlannerError.windowNeeded }
        return windows[0]
    }

    /// The group titled `word` (ignoring case), or whose id starts with it (4+ characters); archived
    /// groups included.
    func group(matching word: String) throws -> HabitGroup {
        let key = word.lowercased()
        let all = try store.habitRecords.groups(includeArchived: true)
        if let named = all.first(where: { $0.title.lowercased() == key }) { return named }
        let byID = all.filter { key.count >= 4 && $0.id.lowercasedText.hasPrefix(key) }
        if byID.count == 1 { return byID[0] }
        throw PlannerError.noGroupMatches(word)
    }

    /// The group with this id, or the refusal that none matches.
    func group(id: UUID) throws -> HabitGroup {
        guard let group = try store.habitRecords.groups(includeArchived: true).first(where: { $0.id == id }) else {
            throw PlannerError.noGroupMatches(id.lowercasedText)
        }
        return group
    }
}
