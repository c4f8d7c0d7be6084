import Foundation

/// Computes one day's prayer times from the sun's place (`SolarDay`), the method, the Asr rule and the
/// high-latitude rule; `PrayerTimes` holds what it returns.
///
/// - Dhuhr is the sun's transit; sunrise and Maghrib are when the sun's upper edge meets the horizon
///   (its centre 0.8333° below it: 16′ of radius and 34′ of refraction), lowered by the dip of the horizon
///   at the location's elevation, 0.0347°·√metres. Tehran's Maghrib waits for the sun at 4.5° below.
/// - Fajr and Isha are when the sun's centre is the method's angle below the horizon, bounded by the
///   high-latitude rule's share of the night (sunset to the next sunrise); Umm al-Qura's and Qatar's Isha
///   is a set time after Maghrib instead.
/// - Asr is when a stick's shadow has grown by the Asr rule's factor beyond its shadow at the transit.
/// - On a day the sun does not rise or does not set at the location, the sun's passages are those of the
///   nearest latitude, in half degrees towards the equator, where it rises, sets and stands high enough
///   for Asr (the "nearest place" of the jurists); the night and the rules then work as on any day.
/// - Each time is rounded to the nearest minute (half a minute up), then the method's minutes and the
///   person's adjustments are added; a time they would carry past its neighbour stops at it.
struct PrayerCalculation {
    let location: PrayerLocation
    let settings: PrayerSettings
    let calendar: PlannerCalendar

    /// The unrounded instants, in Unix seconds, with what the rules decided.
    struct Instants {
        var fajr, sunrise, dhuhr, asr, maghrib, isha: Double
        var bounded: Set<Prayer>
        var substituteLatitude: Double?
    }

    /// The sun's passages on one UT date, at the location or at the latitude standing in for it.
    private struct Daylight {
        let sun: SolarDay
        let sunrise: Double
        let sunset: Double
        let substituted: Bool
    }

    private var parameters: PrayerMethodParameters { settings.method.parameters }

    /// Altitude of the sun's centre at sunrise and sunset at this elevation.
    private var horizon: Double {
        -(0.8333 + 0.0347 * (max(0, location.elevation ?? 0)).squareRoot())
    }

    init(location: PrayerLocation, settings: PrayerSettings, timeZone: TimeZone) {
        self.location = location
        self.settings = settings
        calendar = PlannerCalendar(timeZone: timeZone)
    }

    /// The day's times, rounded and adjusted.
    func times(on day: LocalDay) -> (times: [Date], bounded: Set<Prayer>, substituteLatitude: Double?) {
        let raw = instants(on: day)
        let user = settings.adjustments
        func final(_ seconds: Double, _ minutes: Int) -> Date {
            Date(timeIntervalSince1970: PrayerCalculation.roundedToMinute(seconds) + Double(minutes * 60))
        }
        let method = parameters
        var times = [
            final(raw.fajr, user[.fajr]),
            final(raw.sunrise, method.sunriseMinutes),
            final(raw.dhuhr, method.minutes(for: .dhuhr) + user[.dhuhr]),
            final(raw.asr, method.minutes(for: .asr) + user[.asr]),
            final(raw.maghrib, method.minutes(for: .maghrib) + user[.maghrib]),
            final(raw.isha, user[.isha]),
        ]
        // Minutes added never carry a time past its neighbour: it stops there. (On a polar day's lent
        // latitude, where the sun barely clears the horizon, Asr comes a minute after noon.)
        times[0] = min(times[0], times[1])
        for index in 2..<times.count { times[index] = max(times[index], times[index - 1]) }
        return (times, raw.bounded, raw.substituteLatitude)
    }

    /// The nearest whole minute, half a minute rounding up.
    static func roundedToMinute(_ seconds: Double) -> Double {
        (seconds / 60 + 0.5).rounded(.down) * 60
    }

    /// The unrounded times of `day` (a date on the wall clock of the zone).
    func instants(on day: LocalDay) -> Instants {
        let date = universalDate(for: day)
        let today = daylight(on: date)
        let tomorrow = daylight(on: date.adding(days: 1))
        let sun = today.sun
        let night = max(0, tomorrow.sunrise - today.sunset)
        let method = parameters
        var bounded: Set<Prayer> = []

        let dhuhr = sun.transit
        let asr = sun.asr(shadowFactor: settings.asr.shadowFactor) ?? (sun.transit + today.sunset) / 2

        // Fajr: the angle, bounded by the high-latitude rule or the Moonsighting Committee's season.
        let fajrByAngle = sun.crossing(altitude: -method.fajrAngle, afterTransit: false)
        var fajr: Double
        if method.seasonalTwilight {
            let candidate = abs(location.latitude) >= 55 ? today.sunrise - night / 7 : fajrByAngle
            let earliest = today.sunrise - PrayerCalculation.seasonalMinutes(latitude: location.latitude, day: day, morning: true) * 60
            fajr = candidate.map { max($0, earliest) } ?? earliest
        } else {
            let earliest = today.sunrise - settings.highLatitude.portion(ofNightFor: method.fajrAngle) * night
            fajr = fajrByAngle.map { max($0, earliest) } ?? earliest
        }
        if fajr != fajrByAngle { bounded.insert(.fajr) }

        // Isha: the angle bounded the same way, or a set time after sunset.
        var isha: Double
        switch method.isha {
        case let .afterMaghrib(minutes, inRamadan):
            let interval = inRamadan.flatMap { UmmAlQuraCalendar.isRamadan(day) ? $0 : nil } ?? minutes
            isha = today.sunset + Double(interval * 60)
        case .angle(let angle):
            let ishaByAngle = sun.crossing(altitude: -angle, afterTransit: true)
            if method.seasonalTwilight {
                let candidate = abs(location.latitude) >= 55 ? today.sunset + night / 7 : ishaByAngle
                let latest = today.sunset + PrayerCalculation.seasonalMinutes(latitude: location.latitude, day: day, morning: false) * 60
                isha = candidate.map { min($0, latest) } ?? latest
            } else {
                let latest = today.sunset + settings.highLatitude.portion(ofNightFor: angle) * night
                isha = ishaByAngle.map { min($0, latest) } ?? latest
            }
            if isha != ishaByAngle { bounded.insert(.isha) }
        }

        // Maghrib: sunset, or the method's angle when that comes before Isha.
        var maghrib = today.sunset
        if let angle = method.maghribAngle, let byAngle = sun.crossing(altitude: -angle, afterTransit: true),
           byAngle > today.sunset, byAngle < isha {
            maghrib = byAngle
        }

        var result = Instants(fajr: fajr, sunrise: today.sunrise, dhuhr: dhuhr, asr: asr, maghrib: maghrib, isha: isha,
                              bounded: bounded, substituteLatitude: today.substituted ? today.sun.latitude : nil)
        result.keepInOrder()
        return result
    }

    /// The UT date whose transit falls on `day` on the zone's wall clock: the same date except where a
    /// zone's offset is far from the longitude's (Kiribati's UTC+14 at 157° west).
    private func universalDate(for day: LocalDay) -> LocalDay {
        let first = SolarDay(date: day, latitude: location.latitude, longitude: location.longitude)
        let transitDay = calendar.calendarDay(at: Date(timeIntervalSince1970: first.transit))
        return day.adding(days: transitDay.days(to: day))
    }

    /// Sunrise and sunset of `date` at the location, or at the nearest latitude where the sun rises, sets
    /// and reaches Asr's height that day.
    private func daylight(on date: LocalDay) -> Daylight {
        let shadow = settings.asr.shadowFactor
        var latitude = location.latitude
        while true {
            let sun = SolarDay(date: date, latitude: latitude, longitude: location.longitude)
            if let rise = sun.crossing(altitude: horizon, afterTransit: false),
               let set = sun.crossing(altitude: horizon, afterTransit: true), sun.asr(shadowFactor: shadow) != nil {
                return Daylight(sun: sun, sunrise: rise, sunset: set, substituted: latitude != location.latitude)
            }
            if latitude == 0 {
                // Unreachable on Earth: the sun rises and sets everywhere on the equator. A quarter day
                // either side of noon keeps every time defined all the same.
                return Daylight(sun: sun, sunrise: sun.transit - 21_600, sunset: sun.transit + 21_600, substituted: true)
            }
            latitude = latitude > 0 ? max(0, latitude - 0.5) : min(0, latitude + 0.5)
        }
    }

    /// Minutes between sunrise and the earliest Fajr (`morning`), or sunset and the latest Isha, in the
    /// Moonsighting Committee's method (Khalid Shaukat's published curves: four values along the year
    /// from the winter solstice, by latitude, joined by straight lines; Isha by the general shafaq).
    static func seasonalMinutes(latitude: Double, day: LocalDay, morning: Bool) -> Double {
        let leap = LocalDay.isLeap(day.year)
        let daysInYear = leap ? 366 : 365
        let dayOfYear = day.ordinal - LocalDay(year: day.year, month: 1, day: 1)!.ordinal + 1
        var sinceSolstice: Int
        if latitude >= 0 {
            sinceSolstice = dayOfYear + 10
            if sinceSolstice >= daysInYear { sinceSolstice -= daysInYear }
        } else {
            sinceSolstice = dayOfYear - (leap ? 173 : 172)
            if sinceSolstice < 0 { sinceSolstice += daysInYear }
        }
        let share = abs(latitude) / 55
        let (a, b, c, d) = morning
            ? (75 + 28.65 * share, 75 + 19.44 * share, 75 + 32.74 * share, 75 + 48.10 * share)
            : (75 + 25.60 * share, 75 + 2.050 * share, 75 - 9.210 * share, 75 + 6.140 * share)
        let x = Double(sinceSolstice)
        let minutes: Double
        switch sinceSolstice {
        case ..<91: minutes = a + (b - a) / 91 * x
        case ..<137: minutes = b + (c - b) / 46 * (x - 91)
        case ..<183: minutes = c + (d - c) / 46 * (x - 137)
        case ..<229: minutes = d + (c - d) / 46 * (x - 183)
        case ..<275: minutes = c + (b - c) / 46 * (x - 229)
        default: minutes = b + (a - b) / 91 * (x - 275)
        }
        return (minutes * 60).rounded() / 60
    }
}

extension PrayerCalculation.Instants {
    /// Fajr never after sunrise, Asr between Dhuhr and Maghrib, Isha never before Maghrib; and no value
    /// that is not a number (none arises; this keeps a time defined whatever the inputs).
    mutating func keepInOrder() {
        let noon = dhuhr.isFinite ? dhuhr : 0
        func defined(_ value: Double, _ fallback: Double) -> Double { value.isFinite ? value : fallback }
        sunrise = defined(sunrise, noon - 21_600)
        maghrib = defined(maghrib, noon + 21_600)
        dhuhr = noon
        fajr = min(defined(fajr, sunrise), sunrise)
        asr = min(max(defined(asr, (noon + maghrib) / 2), noon), maghrib)
        isha = max(defined(isha, maghrib), maghrib)
    }
}
