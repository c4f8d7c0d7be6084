import CharflowCalendar
import CharflowCore
import Foundation

/// The calendars' refresh that runs itself while `serve` or `sync --watch` runs (spec D22, rule F-12):
/// at start, then every 15 minutes, each source asked conditionally (`refreshCalendars`).
///
/// Each refresh opens the store for itself, with the clock read then, so the store is never held between
/// refreshes and every command runs beside the loop. Between refreshes the loop sleeps until the next
/// is due, woken early only by `refreshNow` or `stop`: an idle loop costs nothing. A source that fails
/// keeps its last events and is told once (`Event.failed`), not at every refresh while it keeps failing
/// for the same reason; told again when it is read again (`Event.readAgain`). Its times are the
/// machine's uptime, never the store's clock.
public final class CalendarAutoRefresh: @unchecked Sendable {
    /// The loop's interval, in seconds.
    public struct Timing: Sendable, Equatable {
        /// The time from the end of one refresh to the start of the next.
        public var interval: TimeInterval = 900

        public init() {}

        /// The default, or the seconds `CHARFLOW_CALENDAR_REFRESH` gives (tests shorten it); anything
        /// that is not a positive number is ignored.
        public init(environment: [String: String]) {
            self.init()
            guard let text = environment["CHARFLOW_CALENDAR_REFRESH"],
                  let seconds = TimeInterval(text.trimmingCharacters(in: .whitespaces)), seconds > 0, seconds.isFinite else { return }
            interval = seconds
        }
    }

    /// What a refresh told, for a front end that reports it.
    public enum Event: Sendable {
        /// A calendar could not be read, for the first time or for a reason not told before.
        case failed(calendar: String, CalendarFailure, at: Date)
        /// A calendar that was failing was read again.
        case readAgain(calendar: String, at: Date)
    }

    private let store: StoreEnvironment
    private let clock: @Sendable () -> Date
    private let timing: Timing
    private let onEvent: @Sendable (Event) -> Void
    private let thread = LoopThread()
    private var refreshes = 0

    /// A loop over `store`, reading `clock` once per refresh.
    public init(store: StoreEnvironment, clock: @escaping @Sendable () -> Date, timing: Timing = Timing(),
                onEvent: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.store = store
        self.clock = clock
        self.timing = timing
        self.onEvent = onEvent
    }

    /// Whether the loop runs (started and not stopped).
    public var isRunning: Bool { thread.isRunning }

    /// How many refreshes the loop has finished since it started.
    public var finished: Int { thread.locked { refreshes } }

    /// Runs the loop on a thread of its own until `stop`.
    public func start() {
        thread.start { [self] in run() }
    }

    /// Asks for a refresh now (`POST /api/calendars/refresh`); one under way finishes first.
    public func refreshNow() {
        thread.wake()
    }

    /// Asks the loop to stop and waits for it (a refresh under way ends first, at most `wait` seconds).
    public func stop(wait: TimeInterval = 40) {
        thread.stop(wait: wait)
    }

    /// Runs the loop on this thread until `stop` is called from another.
    public func run() {
        var due = LoopThread.uptime()
        while thread.sleep(until: due) {
            attempt()
            due = LoopThread.uptime() + timing.interval
        }
    }

    /// One refresh of every calendar over the store opened for it, as of the clock now.
    private func attempt() {
        let now = clock()
        defer { thread.locked { refreshes += 1 } }
        guard let app = try? store.open(now: now), let report = try? app.refreshCalendars(RefreshCalendars.Input()) else { return }
        for outcome in report.outcomes {
            switch outcome.result {
            case .failed(let failure, let isNews) where isNews:
                onEvent(.failed(calendar: outcome.name, failure, at: now))
            case .changed, .unchanged:
                if outcome.wasFailing { onEvent(.readAgain(calendar: outcome.name, at: now)) }
            default:
                break
            }
        }
    }
}
