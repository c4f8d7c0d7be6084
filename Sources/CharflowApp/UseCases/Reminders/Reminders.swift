import CharflowCore
import CharflowStore
import Foundation

/// One thing due now (spec D13, D23): what `charflow remind` prints and what `serve` and `sync --watch`
/// deliver.
public struct Reminder: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case habitWindow, review, anchor, morning
    }

    public let kind: Kind
    public let message: String
    /// The window or anchor reminded of; nil for the review and the morning summary.
    public let subject: UUID?
    /// The day the reminder belongs to, in which it reminds once: the day of the anchor's occurrence, else
    /// today (set by `pendingReminders`).
    var period: LocalDay?

    /// The name the nudge log and the deliveries give this reminder's kind.
    var recordKind: String { "reminder-" + kind.rawValue }

    /// The subject's text in those records ("" for none).
    var recordSubject: String { subject.map(\.lowercasedText) ?? "" }
}

/// The reminders due now and not yet given today, read without recording them.
public struct RemindersReport: Report {
    public let reminders: [Reminder]
    /// What marks `reminders` as given; the front end that delivers them passes it to `markSeen`.
    public let seen: [SeenMark]

    public var json: JSONValue {
        .object([
            ("reminders", .array(reminders.map { reminder in
                let subject = JSONValue.optional(reminder.subject.map { $0.lowercasedText })
                // An anchor's reminder names its anchor; the others keep the shape they always had.
                return .object([("kind", .string(reminder.kind.rawValue)), ("message", .string(reminder.message))]
                               + (reminder.kind == .anchor ? [("window", .null), ("anchor", subject)] : [("window", subject)]))
            })),
        ])
    }
}

extension Charflow {
    /// Habit window reminders, anchors' reminders, the morning summary and the end-of-day review due
    /// now (spec D13, D22, D23); each is given once a day (an anchor's once an occurrence) once its marks
    /// are recorded, and none this device has delivered already.
    public func reminders() throws -> RemindersReport {
        let pending = try pendingReminders()
        return RemindersReport(reminders: pending.map(\.reminder), seen: pending.map(\.seen))
    }

    /// What is due now and has not been given today: habit window reminders not yet done, anchors', the
    /// morning summary and the end-of-day review, each with the mark that records it as given; one that
    /// `remind` printed (the nudge log) or that was delivered (`reminder_deliveries`) is given. Paused
    /// habits never remind.
    package func pendingReminders() throws -> [(reminder: Reminder, seen: SeenMark)] {
        // The morning summary first: it opens the day.
        var due: [Reminder] = try morningSummary().map { [$0] } ?? []
        for day in try habitDays() where day.pause == nil && !day.isDoneToday {
            for (window, cell) in day.windows where cell.isDue || day.week != nil {
                guard let minute = window.reminderMinute, let time = TimeOfDay(minutes: minute),
                      cell.state != .complete, now >= calendar.instant(of: time, within: today) else { continue }
                let name = window.label.isEmpty ? day.habit.title : "\(day.habit.title) (\(window.label))"
                due.append(Reminder(kind: .habitWindow, message: name, subject: window.id))
            }
        }
        due += try anchorReminders()
        if let review = settings.reviewTime, now >= calendar.instant(of: review, within: today),
           (try store.planning.session(for: today))?.state.isEngagement != true {
            due.append(Reminder(kind: .review, message: Messages.reviewReminder, subject: nil))
        }
        return try due.compactMap { reminder in
            let kind = reminder.recordKind, subject = reminder.recordSubject
            let period = (reminder.period ?? today).description
            guard try !store.signals.isRecorded(kind: kind, subject: subject, period: period),
                  try !store.reminderDeliveries.isDelivered(kind: kind, subject: subject, period: period) else { return nil }
            var given = reminder
            given.period = reminder.period ?? today
            return (given, .nudge(kind: kind, subject: subject, period: period))
        }
    }

    /// The anchors whose reminder time has come for an occurrence that has not ended and is not marked:
    /// each active anchor with a reminder, for yesterday's occurrence (a prayer's time may fall after its
    /// day has ended, a summer Isha after midnight), today's and tomorrow's (a reminder before an early
    /// one may fall in today). Archived anchors never remind.
    private func anchorReminders() throws -> [Reminder] {
        let anchors = try store.anchors.reminding()
        guard !anchors.isEmpty else { return [] }
        var due: [Reminder] = []
        for day in [today.adding(days: -1), today, today.adding(days: 1)] {
            let marks = try store.anchors.resolutions(on: day)
            for occurrence in anchorDay(day).occurrences(of: anchors, firstDay: firstDay(of:), resolutions: marks)
            where occurrence.outcome == nil && now < occurrence.end {
                let lead = Double((occurrence.anchor.remindMinutes ?? 0) * 60)
                guard now >= occurrence.start.addingTimeInterval(-lead) else { continue }
                var reminder = Reminder(kind: .anchor, message: Messages.anchorReminder(occurrence.anchor.title,
                                                                                         at: calendar.timeOfDay(at: occurrence.start)),
                                        subject: occurrence.anchor.id)
                reminder.period = day
                due.append(reminder)
            }
        }
        return due
    }

    /// The morning summary, from the start of Morning until its end: how many tasks are planned
    /// for today's Morning and its open Must-Do. None when Morning holds nothing open: there is nothing
    /// to tell (docs/decisions.md).
    private func morningSummary() throws -> Reminder? {
        let span = settings.regionHours.morning
        guard now >= calendar.instant(of: span.start, within: today), now < calendar.instant(of: span.end, within: today) else { return nil }
        let card = try board(on: today).card(.morning)
        let planned = card.allTasks.filter(\.isLive)
        guard !planned.isEmpty else { return nil }
        let mustDo = card.mustDo.first(where: \.isLive)?.title
        return Reminder(kind: .morning, message: Messages.morningSummary(planned: planned.count, mustDo: mustDo), subject: nil)
    }
}
