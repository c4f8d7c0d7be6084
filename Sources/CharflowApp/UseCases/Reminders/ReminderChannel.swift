/// Where delivered reminders are shown (rule R-7): a port the front end implements, such as the
/// desktop's notification service or the page's answer.
///
/// `show` is called once for each reminder due and not yet delivered on this device; the delivery is
/// recorded only for the reminders it answered `.shown` for, after all were handed over.
public protocol ReminderChannel {
    /// The channel's name in the device's record of deliveries (`desktop`, `page`).
    var name: String { get }

    /// Hands one reminder over.
    func show(_ reminder: Reminder) -> ReminderHandover
}

/// What became of one reminder handed to a channel.
public enum ReminderHandover: Sendable, Equatable {
    /// The channel took it: it is recorded as delivered, and not delivered again on this device.
    case shown
    /// No service took it (no session bus, no notification service, a call that failed): nothing is
    /// recorded, so it is tried again while it is still due; the reminders after it wait too.
    case unavailable
}
