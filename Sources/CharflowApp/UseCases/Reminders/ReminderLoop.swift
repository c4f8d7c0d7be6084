import CharflowCore
import Foundation

/// The reminders' delivery that runs itself while `serve` or `sync --watch` runs (rules ).
///
/// Each look opens the store for itself with the clock read then, delivers what is due and not yet
/// delivered on this device (`deliverReminders`), and learns when the next reminder falls due. The loop
/// then sleeps until that time, or at most `Timing.recheck` seconds (a habit added meanwhile, a clock
/// that jumps, a notification service that appears), woken early only by `lookNow` or `stop`: an idle
/// loop wakes once a minute and does one read. A failure to open the store or to deliver is quiet and
/// is tried again at the next look.
public final class ReminderLoop: @unchecked Sendable {
    /// The loop's longest sleep, in seconds.
    public struct Timing: Sendable, Equatable {
        /// The longest time between two looks.
        public var recheck: TimeInterval = 60

        public init() {}

        /// The default, or the seconds `CHARFLOW_REMINDER_RECHECK` gives (tests shorten it); anything that
        /// is not a positive number is ignored.
        public init(environment: [String: String]) {
            self.init()
            guard let text = environment["CHARFLOW_REMINDER_RECHECK"],
                  let seconds = TimeInterval(text.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds.isFinite else { return }
            recheck = seconds
        }
    }

    private let store: StoreEnvironment
    private let clock: @Sendable () -> Date
    private let channel: any ReminderChannel & Sendable
    private let timing: Timing
    private let thread = LoopThread()
    private var looks = 0

    /// A loop over `store` delivering to `channel`, reading `clock` once per look.
    public init(store: StoreEnvironment, clock: @escaping @Sendable () -> Date, channel: any ReminderChannel & Sendable,
                timing: Timing = Timing()) {
        self.store = store
        self.clock = clock
        self.channel = channel
        self.timing = timing
    }

    /// How many looks the loop has finished since it started.
    public var finished: Int { thread.locked { looks } }

    /// Runs the loop on a thread of its own until `stop`.
    public func start() {
        thread.start { [self] in run() }
    }

    /// Asks for a look now (after a change that may bring a reminder forward).
    public func lookNow() {
        thread.wake()
    }

    /// Asks the loop to stop and waits for it (a look under way ends first, at most `wait` seconds).
    public func stop(wait: TimeInterval = 15) {
        thread.stop(wait: wait)
    }

    /// Runs the loop on this thread until `stop` is called from another.
    public func run() {
        // Each look says how long to sleep; a stop ends the sleep and the loop.
        while thread.sleep(until: LoopThread.uptime() + look()) {}
    }

    /// One delivery as of the clock now; returns how long to sleep before the next.
    private func look() -> TimeInterval {
        let now = clock()
        defer { thread.locked { looks += 1 } }
        guard let app = try? store.open(now: now), let report = try? app.deliverReminders(to: channel),
              let next = report.nextDue else { return timing.recheck }
        // A moment past the due time, so that the look after it finds the reminder due.
        return min(timing.recheck, max(0.05, next.timeIntervalSince(now) + 0.05))
    }

}
