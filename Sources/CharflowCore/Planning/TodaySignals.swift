import Foundation

/// What the engine has to say about today's tasks (spec D11, P-5).
public enum TodaySignals {
    /// The prioritisation prompt when today's plan (`plan`: the tasks dated today, done ones included)
    /// asks for it (T-14); then, for each live task Today shows, once, the suggestion to let it go from
    /// the fifth deferral, or else stale from the third (T-18).
    public static func tasks(plan: [TaskItem], view: TodayView, today: LocalDay) -> [Signal] {
        var signals: [Signal] = []
        if Prioritisation.shouldPrompt(plan) { signals.append(.prioritisationPrompt(day: today)) }
        var seen = Set<UUID>()
        for task in view.board.allTasks + view.due + view.overdue where task.isLive && seen.insert(task.id).inserted {
            if task.deferralCount >= Deferral.suggestRemovalFromCount {
                signals.append(.suggestRemoval(task: task.id))
            } else if task.isStale {
                signals.append(.stale(task: task.id))
            }
        }
        return signals
    }
}
