import CharflowCore
import CharflowStore
import Foundation

/// The reads one command keeps, so that Today's several views of a habit or of the Backlog read the
/// store once.
///
/// Held by the open store (`Store.keptReads`), which drops it whenever an action changes anything:
/// what is kept never outlives a change, and every `Charflow` over one store shares it.
final class KeptReads {
    var history: [String: WindowHistory] = [:]
    var engagedDays: [String: Set<LocalDay>] = [:]
    var habitDays: [HabitDay]?
    var recentHabits: RecentHabitRows?
    var habits: [Habit]?
    var backlogCounts: (all: Int, older: Int)?
    /// What task objects read besides the tasks: category names, and the tasks deferred today.
    var categoryNames: [UUID: String]?
    var deferredToday: Set<UUID>?
}

extension Charflow {
    /// This command's kept reads, made afresh after any action.
    var kept: KeptReads {
        if let kept = store.keptReads as? KeptReads { return kept }
        let kept = KeptReads()
        store.keptReads = kept
        return kept
    }
}
