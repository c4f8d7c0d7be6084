import CharflowCore
import CharflowStore
import Foundation

/// The reminders one delivery handed over (rules ).
public struct DeliveredReminders: Report {
    public let reminders: [Reminder]
    /// When the next reminder falls due, as far as the store knows now (nil: none in the next two days).
    public let nextDue: Date?

    public var json: JSONValue {
        .object([
            ("reminders", .array(reminders.map { reminder in
                .object([("kind", .string(reminder.kind.rawValue)), ("title", .string(Messages.reminderTitle)),
                         ("message", .string(reminder.message)), ("key", .string(reminder.deliveryKey))])
            })),
            ("nextDue", .optional(nextDue.map(Instant.storageText))),
        ])
    }
}

extension Reminder {
    /// A name unique to this reminder on this device: what a browser's notification is tagged with.
    public var deliveryKey: String {
        [recordKind, recordSubject, period?.description ?? ""].joinedText(separator: "/")
    }
}

extension Charflow {
    /// Hands every reminder due now and not yet delivered on this device to `channel`, then records
    /// those it showed, in one transaction. A channel that is unavailable makes nothing
    /// fail: what it did not show is left for the next delivery, while it is still due.
    public func deliverReminders(to channel: some ReminderChannel) throws -> DeliveredReminders {
        var shown: [Reminder] = []
        for (reminder, _) in try pendingReminders() {
            guard channel.show(reminder) == .shown else { break }
            shown.append(reminder)
        }
        try store.reminderDeliveries.record(shown.map { reminder in
            ReminderDeliveryRecords.Delivery(kind: reminder.recordKind, subject: reminder.recordSubject,
                                             period: (reminder.period ?? today).description, channel: channel.name)
        }, keepingFrom: today.adding(days: -2))
        return DeliveredReminders(reminders: shown, nextDue: try nextReminderDue())
    }

    /// The reminders due now and not yet delivered on this device, recorded as delivered by the page,
    /// which shows them as the browser's notifications (`POST /api/reminders/deliver`).
    public func deliverRemindersToPage() throws -> DeliveredReminders {
        try deliverReminders(to: PageReminders())
    }

    /// The earliest time after now at which a reminder falls due: a habit window's reminder time, the
    /// review time, the start of Morning, or an anchor's reminder, today or tomorrow. What it cannot
    /// foresee (a habit added later) a loop finds at its next look.
    public func nextReminderDue() throws -> Date? {
        var times: [Date] = []
        let days = [today, today.adding(days: 1)]
        for day in try habitDays() where day.pause == nil {
            for (window, _) in day.windows {
                guard let minute = window.reminderMinute, let time = TimeOfDay(minutes: minute) else { continue }
                times += days.map { calendar.instant(of: time, within: $0) }
            }
        }
        if let review = settings.reviewTime { times += days.map { calendar.instant(of: review, within: $0) } }
        times += days.map { calendar.instant(of: settings.regionHours.morning.start, within: $0) }
        let anchors = try store.anchors.reminding()
        if !anchors.isEmpty {
            for day in days {
                for occurrence in anchorDay(day).occurrences(of: anchors, firstDay: firstDay(of:), resolutions: [:]) {
                    times.append(occurrence.start.addingTimeInterval(-Double((occurrence.anchor.remindMinutes ?? 0) * 60)))
                }
            }
        }
        return times.filter { $0 > now }.min()
    }
}

/// The page's channel: everything handed over goes into the route's answer, which the page shows.
private struct PageReminders: ReminderChannel {
    var name: String { "page" }
    func show(_ reminder: Reminder) -> ReminderHandover { .shown }
}
