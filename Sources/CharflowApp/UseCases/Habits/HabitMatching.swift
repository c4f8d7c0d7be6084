import CharflowCore
import CharflowStore
import Foundation

/// Finding the habit, window or group an input names.
extension Charflow {
    /// The habit `ref` names: the one whose id starts with its word (4+ characters), or else whose title
    /// is the word, ignoring case; refused when none or two match.
    func habit(_ ref: HabitRef) throws -> Habit {
        let word = ref.word
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

    /// The habit `word` names (an id prefix or a title), as a person types it.
    public func habit(matching word: String) throws -> Habit {
        try habit(try HabitRef.reading(word))
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

    /// The group `ref` names: titled its word (ignoring case), or whose id starts with it (4+
    /// characters); archived groups included.
    func group(_ ref: GroupRef) throws -> HabitGroup {
        let key = ref.word.lowercased()
        let all = try store.habitRecords.groups(includeArchived: true)
        if let named = all.first(where: { $0.title.lowercased() == key }) { return named }
        let byID = all.filter { key.count >= 4 && $0.id.lowercasedText.hasPrefix(key) }
        if byID.count == 1 { return byID[0] }
        throw PlannerError.noGroupMatches(ref.word)
    }
}
