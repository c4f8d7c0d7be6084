import CharflowCore

/// A reading of a wall clock: a date and a second of that date, in no zone until one is given.
///
/// iCalendar's recurrence rules step wall times (the weekly meeting stays at 09:00 across a DST
/// change), so expansion works in these and turns each into an instant only at the end.
struct WallTime: Hashable, Comparable {
    let day: LocalDay
    /// Seconds since the wall clock's midnight, 0 ..< 86,400.
    let second: Int

    /// Seconds in a wall-clock day: only to join a date and a time of that date into one count, which
    /// has no DST in it; instants are never stepped by this.
    static let secondsPerWallDay = 86_400

    init(day: LocalDay, second: Int) {
        self.day = day
        self.second = second
    }

    /// The wall time `count` seconds of wall clock from the epoch's midnight.
    init(wallSeconds count: Int) {
        let days = count >= 0 ? count / WallTime.secondsPerWallDay : -((-count + WallTime.secondsPerWallDay - 1) / WallTime.secondsPerWallDay)
        day = LocalDay(ordinal: days)
        second = count - days * WallTime.secondsPerWallDay
    }

    /// The wall clock's seconds since 1970-01-01 00:00 on the same clock.
    var wallSeconds: Int { day.ordinal * WallTime.secondsPerWallDay + second }

    /// This wall time moved by `days` dates and `seconds` seconds of the same wall clock.
    func adding(days: Int = 0, seconds: Int = 0) -> WallTime {
        WallTime(wallSeconds: wallSeconds + days * WallTime.secondsPerWallDay + seconds)
    }

    var hour: Int { second / 3600 }
    var minute: Int { second / 60 % 60 }
    var secondOfMinute: Int { second % 60 }

    static func < (lhs: WallTime, rhs: WallTime) -> Bool { lhs.wallSeconds < rhs.wallSeconds }
}
