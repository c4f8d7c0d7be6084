import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The shape of a day's prayer times: whole minutes, in order, in the zone passed in with its DST, the
/// elevation's effect on sunrise and sunset, and places whose zone is far from their longitude (F-8).
@Suite("Prayer times (F-8)")
struct PrayerTimesTests {
    static let london = PrayerLocation(latitude: 51.5074, longitude: -0.1278)!
    static let toronto = PrayerLocation(latitude: 43.6532, longitude: -79.3832)!

    @Test("F-8 every time is a whole minute and the six come in the order of the day")
    func wholeMinutesInOrder() {
        let zone = TimeZone(identifier: "Europe/London")!
        for offset in stride(from: 0, to: 365, by: 7) {
            let times = PrayerTimes(on: LocalDay("2026-01-01")!.adding(days: offset), at: Self.london, settings: PrayerSettings(), in: zone)
            let all = [times.fajr, times.sunrise, times.dhuhr, times.asr, times.maghrib, times.isha]
            expectTrue(all.allSatisfy { $0.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 })
            expectEqual(all, all.sorted())
        }
    }

    @Test("F-8 London's clocks go forward on 29 March 2026: Dhuhr moves from about 12:07 to about 13:06 on the wall clock, a day less a minute later")
    func londonSpringForward() {
        let zone = TimeZone(identifier: "Europe/London")!
        let before = PrayerTimes(on: LocalDay("2026-03-28")!, at: Self.london, settings: PrayerSettings(), in: zone)
        let after = PrayerTimes(on: LocalDay("2026-03-29")!, at: Self.london, settings: PrayerSettings(), in: zone)
        expectEqual(before.timeOfDay(of: .dhuhr).hour, 12)
        expectEqual(after.timeOfDay(of: .dhuhr).hour, 13)
        let wall = after.timeOfDay(of: .dhuhr).minutes - before.timeOfDay(of: .dhuhr).minutes
        expectContains((58...60), wall)
        let elapsed = after.dhuhr.timeIntervalSince(before.dhuhr)
        expectTrue(abs(elapsed - 86_400) <= 60)
        // Fajr on the morning of the change is already on summer time (it comes after 01:00 UTC).
        expectTrue(after.timeOfDay(of: .fajr).hour >= 4)
        expectTrue(Prayer.allCases.allSatisfy { after.calendarDay(of: $0) == after.day })
    }

    @Test("F-8 Toronto's clocks go back on 1 November 2026: every prayer is an hour earlier on the wall clock than the day before")
    func torontoFallBack() {
        let zone = TimeZone(identifier: "America/Toronto")!
        let before = PrayerTimes(on: LocalDay("2026-10-31")!, at: Self.toronto, settings: PrayerSettings(method: .isna), in: zone)
        let after = PrayerTimes(on: LocalDay("2026-11-01")!, at: Self.toronto, settings: PrayerSettings(method: .isna), in: zone)
        for prayer in Prayer.allCases {
            let wall = after.timeOfDay(of: prayer).minutes - before.timeOfDay(of: prayer).minutes
            expectContains((-62 ... -57), wall, "\(prayer.name): \(wall) minutes")
        }
    }

    @Test("F-8 the same day in two zones is the same sun: the instants agree and only the wall clock differs")
    func zoneIsPassedIn() {
        let day = LocalDay("2026-07-01")!
        let inLondon = PrayerTimes(on: day, at: Self.london, settings: PrayerSettings(), in: TimeZone(identifier: "Europe/London")!)
        let inUTC = PrayerTimes(on: day, at: Self.london, settings: PrayerSettings(), in: TimeZone(identifier: "UTC")!)
        #expect(inLondon.dhuhr == inUTC.dhuhr && inLondon.isha == inUTC.isha)
        expectEqual(inLondon.timeOfDay(of: .dhuhr).minutes - inUTC.timeOfDay(of: .dhuhr).minutes, 60)
    }

    @Test("F-8 elevation lowers the horizon: at 1,000 m the sun rises earlier and Maghrib comes later by minutes, and the angle times stay")
    func elevation() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Riyadh"))
        let sea = try PrayerLocation.parse("21.4225,39.8262")
        let high = try PrayerLocation.parse("21.4225,39.8262,1000")
        let day = LocalDay("2026-04-15")!
        let low = PrayerTimes(on: day, at: sea, settings: PrayerSettings(), in: zone)
        let up = PrayerTimes(on: day, at: high, settings: PrayerSettings(), in: zone)
        // The dip at 1,000 m is 1.1°; the sun moves that far in about five minutes here.
        let earlier = low.sunrise.timeIntervalSince(up.sunrise) / 60
        let later = up.maghrib.timeIntervalSince(low.maghrib) / 60
        expectTrue((3...7).contains(earlier) && (3...7).contains(later), "\(earlier) \(later)")
        #expect(up.fajr == low.fajr && up.isha == low.isha && up.dhuhr == low.dhuhr && up.asr == low.asr)
        // Below sea level counts as sea level.
        let shore = try PrayerLocation.parse("31.5,35.5,-400")
        let level = try PrayerLocation.parse("31.5,35.5")
        expectEqual(PrayerTimes(on: day, at: shore, settings: PrayerSettings(), in: zone).sunrise, PrayerTimes(on: day, at: level, settings: PrayerSettings(), in: zone).sunrise)
    }

    @Test("F-8 Kiritimati keeps UTC+14 at 157° west: the day's times still fall on its own date")
    func zoneFarFromLongitude() throws {
        let zone = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        let place = try PrayerLocation.parse("1.8721,-157.4278")
        for date in ["2026-01-01", "2026-06-15"] {
            let day = LocalDay(date)!
            let times = PrayerTimes(on: day, at: place, settings: PrayerSettings(), in: zone)
            expectTrue(Prayer.allCases.allSatisfy { times.calendarDay(of: $0) == day }, "\(date)")
            expectEqual(times.timeOfDay(of: .dhuhr).hour, 12)
        }
    }

    @Test("F-8 Isha after midnight is on the next calendar date, and says so")
    func ishaAfterMidnight() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Oslo"))
        let oslo = try PrayerLocation.parse("59.9139,10.7522")
        let day = LocalDay("2026-06-21")!
        let times = PrayerTimes(on: day, at: oslo, settings: PrayerSettings(), in: zone)
        expectEqual(times.calendarDay(of: .isha), day.adding(days: 1))
        expectEqual(times.calendarDay(of: .maghrib), day)
        expectTrue(times.timeOfDay(of: .isha).hour <= 2)
    }
}
