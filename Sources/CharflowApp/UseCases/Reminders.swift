import CharflowCore
import CharflowStore
import Foundation

/// One thing due now (`charflow remind`, spec D13).
public struct Reminder: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case habitWindow, review
    }

    public let kind: Kind
    public let message: String
    /// The window reminded of; nil for the review.
    public let subject: UUID?
}

/// The reminders due now and not yet given today, read without recording them.
public struct RemindersReport: Report {
    public let reminders: [Reminder]
    /// What marks `reminders` as given; the front end that delivers them passes it to `markSeen`.
    public let seen: [SeenMark]

    public var json: JSONValue {
        .object([
            ("reminders", .array(reminders.map {
                .object([("kind", .string($0.kind.rawValue)), ("message", .string($0.message)),
                         ("window", .optional($0.subject.map { $0.lowercasedText }))])
            })),
        ])
    }
}

extension Charflow {
    /// Habit window reminders and the end-of-day review due now (spec D13); each is given once a day
    /// once its marks are recorded.
    public func reminders() throws -> RemindersReport {
        let pending = try pendingReminders()
        return RemindersReport(reminders: pending.map(\.reminder), seen: pending.map(\.seen))
    }

    /// What is due now and has not been given today: habit window reminders not yet done, and the
    /// end-of-day review, each with the mark that records it as given. Paused habits never remind.
    package func pendingReminders() throws -> [(reminder: Reminder, seen: SeenMark)] {
        var due: [Reminder] = []
        for day in try habitDays() where day.pause == nil && !day.isDoneToday {
            for (window, cell) in day.windows where cell.isDue || day.week != nil {
                guard let minute = window.reminderMinute, let time = TimeOfDay(minutes: minute),
                      cell.state != .complete, now >= calendar.instant(of: time, within: today) else { continue }
                let name = window.label.isEmpty ? day.habit.title : "\(day.habit.title) (\(window.label))"
                due.append(Reminder(kind: .habitWindow, message: name, subject: window.id))
            }
        }
        if let review = settings.reviewTime, now >= calendar.instant(of: review, within: today),
           (try store.planning.session(for: today))?.state.isEngagement != true {
            due.append(Reminder(kind: .review, message: Messages.reviewReminder, subject: nil))
        }
        return try due.compactMap { reminder in
            let kind = "reminder-" + reminder.kind.rawValue, subject = reminder.subject.map(\.lowercasedText) ?? ""
            guard try !store.signals.isRecorded(kind: kind, subject: subject, period: today.description) else { return nil }
            return (reminder, .nudge(kind: kind, subject: subject, period: today.description))
        }
    }
}
