import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Where a prayer's twilight never ends, or the sun never sets or never rises, the high-latitude rule
/// gives the time: never a crash, never a time that is not a number or out of order (rule F-8).
@Suite("Prayer times · high latitudes and polar days (F-8)")
struct PrayerHighLatitudeTests {
    static let oslo = PrayerLocation(latitude: 59.9139, longitude: 10.7522)!
    static let tromso = PrayerLocation(latitude: 69.6492, longitude: 18.9553)!
    static let longyearbyen = PrayerLocation(latitude: 78.2232, longitude: 15.6267)!
    static let norway = TimeZone(identifier: "Europe/Oslo")!
    static let svalbard = TimeZone(identifier: "Arctic/Longyearbyen")!

    /// The six times in the order of the day.
    static func ordered(_ times: PrayerTimes) -> [Date] {
        [times.fajr, times.sunrise, times.dhuhr, times.asr, times.maghrib, times.isha]
    }

    @Test("F-8 at Oslo on midsummer's day Isha's 17° twilight never ends, and each rule puts Isha its share of the night after sunset",
          arguments: HighLatitudeRule.allCases)
    func osloMidsummer(_ rule: HighLatitudeRule) {
        let day = LocalDay("2026-06-21")!
        let settings = PrayerSettings(method: .muslimWorldLeague, highLatitude: rule)
        let times = PrayerTimes(on: day, at: Self.oslo, settings: settings, in: Self.norway)
        let tomorrow = PrayerTimes(on: day.adding(days: 1), at: Self.oslo, settings: settings, in: Self.norway)
        expectEqual(times.boundedPrayers, [.fajr, .isha])
        expectEqual(times.substituteLatitude, nil)
        // The night runs from this sunset to the next sunrise (Maghrib is sunset under this method).
        let night = tomorrow.sunrise.timeIntervalSince(times.maghrib)
        let shares: [HighLatitudeRule: (fajr: Double, isha: Double)] = [
            .middleOfTheNight: (1.0 / 2, 1.0 / 2), .seventhOfTheNight: (1.0 / 7, 1.0 / 7), .twilightAngle: (18.0 / 60, 17.0 / 60),
        ]
        let share = shares[rule]!
        // Within a minute: each instant is rounded to the minute on its own.
        expectTrue(abs(times.isha.timeIntervalSince(times.maghrib) - share.isha * night) <= 60)
        expectTrue(abs(times.isha.timeIntervalSince(times.maghrib)) < night)
        expectEqual(Self.ordered(times), Self.ordered(times).sorted())
        // Fajr comes from the night before, bounded the same way.
        let yesterday = PrayerTimes(on: day.adding(days: -1), at: Self.oslo, settings: settings, in: Self.norway)
        let nightBefore = times.sunrise.timeIntervalSince(yesterday.maghrib)
        expectTrue(times.sunrise.timeIntervalSince(times.fajr) > 0)
        expectTrue(times.sunrise.timeIntervalSince(times.fajr) < nightBefore)
    }

    @Test("F-8 the three rules give three different Isha times at Oslo in June, earliest by the seventh of the night")
    func rulesDiffer() {
        let day = LocalDay("2026-06-10")!
        let isha = HighLatitudeRule.allCases.map {
            PrayerTimes(on: day, at: Self.oslo, settings: PrayerSettings(highLatitude: $0), in: Self.norway).isha
        }
        expectEqual(Set(isha).count, 3)
        expectTrue(isha[1] < isha[2] && isha[2] < isha[0])
    }

    @Test("F-8 Tromsø in the midnight sun: the sun never sets, so the nearest latitude where it does lends its sunrise and sunset, and every rule gives Fajr and Isha",
          arguments: HighLatitudeRule.allCases)
    func midnightSun(_ rule: HighLatitudeRule) throws {
        let day = LocalDay("2026-06-21")!
        let times = PrayerTimes(on: day, at: Self.tromso, settings: PrayerSettings(highLatitude: rule), in: Self.norway)
        let substitute = try #require(times.substituteLatitude)
        expectTrue(substitute < 69.6492 && substitute > 64, "\(substitute)")
        expectEqual(times.boundedPrayers, [.fajr, .isha])
        expectEqual(Self.ordered(times), Self.ordered(times).sorted())
        expectTrue(Self.ordered(times).allSatisfy { $0.timeIntervalSince1970.isFinite })
        // The latitude lent is the place's own there: the same sunrise and Maghrib.
        let there = try #require(PrayerLocation(latitude: substitute, longitude: 18.9553))
        let lent = PrayerTimes(on: day, at: there, settings: PrayerSettings(highLatitude: rule), in: Self.norway)
        expectEqual(lent.substituteLatitude, nil)
        #expect(lent.sunrise == times.sunrise && lent.maghrib == times.maghrib)
        // Half a degree further north the sun no longer sets: the nearest such latitude was taken.
        let north = try #require(PrayerLocation(latitude: substitute + 0.5, longitude: 18.9553))
        expectNotEqual(PrayerTimes(on: day, at: north, settings: PrayerSettings(highLatitude: rule), in: Self.norway).substituteLatitude, nil)
    }

    @Test("F-8 Tromsø in the polar night: the sun never rises, and the day still has six ordered times around its noon")
    func polarNight() throws {
        let day = LocalDay("2026-12-21")!
        let times = PrayerTimes(on: day, at: Self.tromso, settings: PrayerSettings(), in: Self.norway)
        expectNotEqual(times.substituteLatitude, nil)
        expectEqual(Self.ordered(times), Self.ordered(times).sorted())
        expectTrue(times.sunrise < times.dhuhr && times.dhuhr < times.maghrib)
        #expect(times.timeOfDay(of: .dhuhr).hour == 11 || times.timeOfDay(of: .dhuhr).hour == 12)
    }

    @Test("F-8 every day of a year at Tromsø and Longyearbyen, by every method, Asr rule and high-latitude rule, has six ordered times on or beside its day")
    func everyPolarDayIsDefined() {
        var checked = 0
        var substituted = 0
        var problems: [String] = []
        for (location, zone) in [(Self.tromso, Self.norway), (Self.longyearbyen, Self.svalbard)] {
            let calendar = PlannerCalendar(timeZone: zone)
            for method in PrayerMethod.allCases {
                for asr in AsrRule.allCases {
                    for rule in HighLatitudeRule.allCases {
                        let settings = PrayerSettings(method: method, asr: asr, highLatitude: rule)
                        for offset in stride(from: 0, to: 365, by: method == .muslimWorldLeague ? 1 : 5) {
                            let day = LocalDay("2026-01-01")!.adding(days: offset)
                            let times = PrayerTimes(on: day, at: location, settings: settings, in: zone)
                            let all = Self.ordered(times)
                            checked += 1
                            if times.substituteLatitude != nil { substituted += 1 }
                            let start = calendar.instant(on: day, at: .midnight)
                            let end = calendar.instant(on: day.adding(days: 1), at: .midnight)
                            let inOrder = all == all.sorted()
                            let near = all.allSatisfy { $0.timeIntervalSince(start) > -43_200 && $0.timeIntervalSince(end) < 43_200 }
                            let whole = all.allSatisfy { $0.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0 }
                            let noonOnDay = calendar.calendarDay(at: times.dhuhr) == day
                            if !(inOrder && near && whole && noonOnDay) {
                                problems.append("\(location.latitude) \(method.word) \(asr.word) \(rule.word) \(day)")
                            }
                        }
                    }
                }
            }
        }
        expectEmpty(problems, "\(problems.count) days out of order or out of place: \(problems.prefix(8))")
        expectTrue(checked > 10_000)
        // Both places have weeks of midnight sun and of polar night.
        expectTrue(substituted > checked / 5)
    }

    @Test("F-8 the South Pole, where the sun is up for half the year and down for the other half, still gets six ordered times")
    func southPole() throws {
        let pole = try #require(PrayerLocation(latitude: -90, longitude: 0))
        let zone = try #require(TimeZone(identifier: "Antarctica/McMurdo"))
        for date in ["2026-01-01", "2026-03-20", "2026-06-21", "2026-09-23"] {
            let times = PrayerTimes(on: LocalDay(date)!, at: pole, settings: PrayerSettings(), in: zone)
            expectEqual(Self.ordered(times), Self.ordered(times).sorted(), "\(date)")
            expectNotEqual(times.substituteLatitude, nil, "\(date)")
        }
    }

    @Test("F-8 the Moonsighting Committee's seasonal bound replaces the high-latitude rule: its times do not change with the rule")
    func moonsightingIgnoresRule() {
        let day = LocalDay("2026-06-21")!
        let times = HighLatitudeRule.allCases.map {
            PrayerTimes(on: day, at: Self.oslo, settings: PrayerSettings(method: .moonsightingCommittee, highLatitude: $0), in: Self.norway)
        }
        #expect(times[0] == times[1] && times[1] == times[2])
        // North of 55°, Isha is a seventh of the night after sunset when that is earlier than the season's bound.
        expectContains(times[0].boundedPrayers, .isha)
    }
}
