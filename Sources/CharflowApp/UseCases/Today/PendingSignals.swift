import CharflowCore
import CharflowStore
import Foundation

/// The signals of Today that wait to be shown once: the habits' fatigue and realism (per week), the
/// two-timers notice, and the offer to pick a carried-over session back up. The store records what
/// was shown (`SignalRepository`); which signal is due is the core's `HabitSignals` and these reads.
extension Charflow {
    /// Habit signals not yet shown in their period: fatigue per habit (per week), realism (per week).
    package func pendingHabitSignals() throws -> [PendingSignal] {
        var fresh: [Signal] = []
        let week = calendar.startOfWeek(containing: today).description
        let start = today.adding(days: -HabitSignals.fatigueWindowDays)
        for habit in try habits() {
            // A paused habit is hidden from Today; nothing is said about it while it rests.
            let recent = try recentHabitRows()
            if (recent.pauses[habit.id] ?? []).contains(where: { $0.covers(today) }) { continue }
            for window in recent.windows[habit.id] ?? [] {
                let history = try self.history(of: window, habit: habit, from: start, through: today)
                if HabitSignals.isFatigued(history, today: today) {
                    fresh.append(.habitFatigue(habit: habit.id))
                    break
                }
            }
        }
        let created = try store.habitRecords.creationTimes(since: calendar.start(of: today.adding(days: -7)))
            .map(calendar.logicalDay(at:))
        if HabitSignals.tooManyNew(created, today: today) {
            fresh.append(.newHabitRealism(count: HabitSignals.newInAWeek(created, today: today)))
        }
        return try store.signals.unshown(fresh, period: week)
    }

    /// The quiet line about two timers while it has not been shown.
    package func pendingTwoTimersNotice() throws -> PendingSignal? {
        guard try store.signals.twoTimersNoticeLeft() else { return nil }
        return PendingSignal(signal: .twoTimersStopped, seen: .twoTimers)
    }

    /// The carried-over session's task while its offer has not been shown as a signal.
    package func pendingOfferedTask() throws -> (task: TaskItem, signal: PendingSignal)? {
        guard let task = try offeredTask(), let id = try store.signals.offeredSession(),
              let pending = try store.signals.unshown([.sessionCarriedOver(task: task.id)], period: id).first
        else { return nil }
        return (task, pending)
    }

    /// The task whose session the last rollover closed, on the day that rollover began (task.md:
    /// "tomorrow's list opens with a single row offering to pick it back up": the next list the person
    /// sees), while it is still live and not begun again. Later days no longer offer it: the task stands
    /// on its list like any other.
    package func offeredTask() throws -> TaskItem? {
        guard let id = try store.signals.offeredSession(), let offeredAt = try store.signals.offeredSessionAt(),
              calendar.logicalDay(at: offeredAt) == today,
              let sessionID = UUID(recordText: id), let session = try store.sessions.session(id: sessionID),
              session.outcome == .autoClosed, let taskID = session.taskID, let task = try store.taskRepository.task(id: taskID),
              task.isLive else { return nil }
        return try store.sessions.count(ofTask: task.id, startedAfter: session.startedAt) == 0 ? task : nil
    }
}
