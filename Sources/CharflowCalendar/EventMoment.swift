import CLibICal
import CharflowCore

/// A date or date-time value of an event as written: its wall reading, whether it is a date, and the
/// zone it names (UTC, a TZID, or none: floating).
struct EventMoment {
    enum Zone: Hashable {
        case utc
        case floating
        case named(String)
    }

    let wall: WallTime
    let isDate: Bool
    let zone: Zone

    /// The moment libical read, with the TZID parameter of its property; nil for a time libical could
    /// not make a real date of.
    init?(_ time: icaltimetype, tzid: String?) {
        guard let day = LocalDay(year: Int(time.year), month: Int(time.month), day: Int(time.day)) else { return nil }
        let isDate = time.is_date != 0
        let seconds = isDate ? 0 : Int(time.hour) * 3600 + Int(time.minute) * 60 + min(Int(time.second), 59)
        wall = WallTime(day: day, second: seconds)
        self.isDate = isDate
        if isDate {
            zone = .floating
        } else if charflow_ical_is_utc(time) != 0 {
            zone = .utc
        } else if let tzid, !tzid.isEmpty {
            zone = .named(tzid)
        } else {
            zone = .floating
        }
    }

    init(wall: WallTime, isDate: Bool, zone: Zone) {
        self.wall = wall
        self.isDate = isDate
        self.zone = zone
    }

    /// This moment as libical's time value, zone-less, for a recurrence iterator's start.
    var libicalTime: icaltimetype {
        charflow_ical_time(Int32(wall.day.year), Int32(wall.day.month), Int32(wall.day.day), Int32(wall.hour),
                           Int32(wall.minute), Int32(wall.secondOfMinute), isDate ? 1 : 0)
    }
}

/// A DURATION value: whole days of the wall clock (weeks counted as seven) and exact seconds.
struct EventDuration {
    let days: Int
    let seconds: Int

    init(_ duration: icaldurationtype) {
        let sign = duration.is_neg != 0 ? -1 : 1
        days = sign * (Int(duration.weeks) * 7 + Int(duration.days))
        seconds = sign * (Int(duration.hours) * 3600 + Int(duration.minutes) * 60 + Int(duration.seconds))
    }
}
