import Foundation

/// One day's prayer times at one place, as instants, with the local time of each in the zone they were
/// computed for (rule F-8).
///
/// Computed by `PrayerCalculation` from the published astronomical formulas; each time is rounded to the
/// minute and carries the method's and the person's adjustments. `day` is the date on the wall clock of
/// `timeZone`: Fajr, sunrise, Dhuhr, Asr and Maghrib fall on it; Isha may fall after midnight far from the
/// equator in summer (`calendarDay(of:)` says so). The core never reads the machine's zone: the caller
/// passes it in, and daylight-saving time is the zone's.
public struct PrayerTimes: Sendable, Equatable {
    public let day: LocalDay
    public let timeZone: TimeZone
    public let fajr: Date
    /// When the sun rises: not a prayer, but the end of Fajr's time.
    public let sunrise: Date
    public let dhuhr: Date
    public let asr: Date
    public let maghrib: Date
    public let isha: Date
    /// The prayers whose time the high-latitude rule (or the Moonsighting Committee's seasonal bound)
    /// set, because the sun's angle gave no time that day or one beyond the bound.
    public let boundedPrayers: Set<Prayer>
    /// On a day the sun does not rise or does not set at the location, the latitude whose sunrise and
    /// sunset stand in for the location's own; nil on any other day.
    public let substituteLatitude: Double?

    /// Computes the times of `day` at `location` by `settings` (its location is not consulted: `location`
    /// is), in `timeZone`.
    public init(on day: LocalDay, at location: PrayerLocation, settings: PrayerSettings, in timeZone: TimeZone) {
        let result = PrayerCalculation(location: location, settings: settings, timeZone: timeZone).times(on: day)
        self.day = day
        self.timeZone = timeZone
        fajr = result.times[0]
        sunrise = result.times[1]
        dhuhr = result.times[2]
        asr = result.times[3]
        maghrib = result.times[4]
        isha = result.times[5]
        boundedPrayers = result.bounded
        substituteLatitude = result.substituteLatitude
    }

    /// The instant `prayer` begins.
    public subscript(prayer: Prayer) -> Date {
        switch prayer {
        case .fajr: fajr
        case .dhuhr: dhuhr
        case .asr: asr
        case .maghrib: maghrib
        case .isha: isha
        }
    }

    /// The wall-clock time `prayer` begins, in `timeZone`.
    public func timeOfDay(of prayer: Prayer) -> TimeOfDay {
        calendar.timeOfDay(at: self[prayer])
    }

    /// The wall-clock time of sunrise, in `timeZone`.
    public var sunriseTimeOfDay: TimeOfDay {
        calendar.timeOfDay(at: sunrise)
    }

    /// The date on the wall clock when `prayer` begins: `day`, or the next day for an Isha after midnight.
    public func calendarDay(of prayer: Prayer) -> LocalDay {
        calendar.calendarDay(at: self[prayer])
    }

    private var calendar: PlannerCalendar { PlannerCalendar(timeZone: timeZone) }
}
