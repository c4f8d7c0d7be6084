import CharflowCore
import Foundation

/// Reminders (`charflow remind`) and the once-only signals of Today (spec D11, D13).
extension Planner {
    /// One thing due now.
    package struct Reminder: Sendable, Equatable {
        package enum Kind: String, Sendable {
            case habitWindow, review
        }

        package let kind: Kind
        package let message: String
        /// The window reminded of; nil for the review.
        package let subject: UUID?
    }

    /// What is due now and has not been printed today: habit window reminders not yet done, and the
    /// end-of-day review, each with the mark that records it as given. Paused habits never remind.
    package func pendingReminders() throws -> [(reminder: Reminder, seen: SeenMark)] {
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
}
