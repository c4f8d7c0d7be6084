import Foundation

/// What records a signal or reminder as shown, so it is not shown again in its period (P-5, A-2).
public enum SeenMark: Sendable, Hashable {
    /// A row of the nudge log: this kind, for this subject ("" for none), in this period.
    case nudge(kind: String, subject: String, period: String)
    /// An importance-eased notice left by a rollover for this task.
    case eased(UUID)
    /// The quiet line about two timers.
    case twoTimers
}

/// A signal not yet shown, with the mark that records it as shown.
public struct PendingSignal: Sendable {
    public let signal: Signal
    public let seen: SeenMark

    public init(signal: Signal, seen: SeenMark) {
        self.signal = signal
        self.seen = seen
    }
}
