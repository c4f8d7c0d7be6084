import CharflowCore
import Foundation

/// Reminders (`charflow remind`) and the once-only signals of Today (spec D11, D13).
extension Planner {
    /// One thing due now.
    public struct Reminder: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case habitWindow, review
        }

        public let kind: Kind
        public let message: String
        /// The window reminded of; nil for the review.
        public let subject: UUID?
    }

    /// What is due now and has not been printed today: habit window reminders not yet done, and the
    /// end-of-day review, each with the mark that records it as given. Paused habits never remind.
    public func pendingReminders() throws -> [(reminder: Reminder, seen: SeenMark)] {
        var due: [Reminder] = []
        for day in try habitDays() where day.pause == nil && !day.isDoneToday {
            for (window, cell) in day.windows where cell.isDue || day.week != nil {
                guard let minute = window.reminderMinute, let time = TimeOfDay(minutes: minute),
                      cell.state != .complete, now >= reminderInstant(time) else { continue }
                let name = window.label.isEmpty ? day.habit.title : "\(day.habit.title) (\(window.label))"
                due.append(Reminder(kind: .habitWindow, message: name, subject: window.id))
            }
        }
        if let review = settings.reviewTime, now >= reminderInstant(review),
           (try planning.session(for: today))?.state.isEngagement != true {
            due.append(Reminder(kind: .review, message: Messages.reviewReminder, subject: nil))
        }
        return try due.compactMap { reminder in
            let kind = "reminder-" + reminder.kind.rawValue, subject = reminder.subject.map(\.lowercasedText) ?? ""
            guard try !isRecorded(kind: kind, subject: subject, period: today.description) else { return nil }
            return (reminder, .nudge(kind: kind, subject: subject, period: today.description))
        }
    }

    /// The instant a wall-clock time falls within today's logical day.
    private func reminderInstant(_ time: TimeOfDay) -> Date {
        calendar.instant(of: time, within: today)
    }

    /// Today's signals that have not been shown in their period, read without recording anything.
    ///
    /// The prioritisation prompt is once a day; slipping tasks, habit reads and an old Backlog once a week.
    public func pendingTodaySignals(_ view: TodayView) throws -> [PendingSignal] {
        let signals = try todaySignals(view)
        var result = try unshown(signals.filter { $0.kind == "prioritisationPrompt" }, period: today.description)
        var weekly = signals.filter { $0.kind != "prioritisationPrompt" }
        let older = try olderBacklogCount()
        if older >= BacklogAge.olderTasks { weekly.append(.backlogGrowingOld(count: older)) }
        for day in try habitDays() where day.pause == nil {
            guard let window = day.windows.first?.window else { continue }
            let history = try self.history(of: window, habit: day.habit, from: today.adding(days: -DensityRead.windowDays),
                                           through: today)
            let numbers = DensityRead.numbers(history, today: today, calendar: calendar)
            if let schedule = history.schedule(on: today),
               let (current, suggested) = DensityRead.suggestion(numbers, schedule: schedule, kind: day.habit.kind) {
                weekly.append(.densityRead(habit: day.habit.id, current: current, suggested: suggested))
            }
        }
        result += try unshown(weekly, period: calendar.startOfWeek(containing: today).description)
        return result
    }
}
