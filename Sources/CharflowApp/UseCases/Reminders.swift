import CharflowCore
import CharflowStore
import Foundation

/// The reminders due now and not yet given today, read without recording them.
public struct RemindersReport {
    package let reminders: [Planner.Reminder]
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
        let pending = try planner.pendingReminders()
        return RemindersReport(reminders: pending.map(\.reminder), seen: pending.map(\.seen))
    }
}
