import Foundation

/// One log action on a window's day (`habit log`).
public enum HabitLog: Sendable, Equatable {
    /// Binary: tick, or untick when ticked.
    case toggle
    /// Counted: add to the count.
    case count(Int)
    /// Timed: add minutes by hand (a `manual` session).
    case minutes(Int)
    /// Avoid: one slip more.
    case slip
    /// Avoid: mark the day held (an explicit engagement).
    case held
    /// Take back one step: untick, one count or slip less, the last manual minutes.
    case undo
}
