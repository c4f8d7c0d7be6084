import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Charflow's prayer times against adhanpy's, an independent implementation from PyPI (issue 38):
/// every day of 2026 at ten places that stress the computation, every method, both Asr rules, the three
/// high-latitude rules where they bind, a person's adjustments, and the wall clock across DST.
///
/// Each time must be within one minute (60 s) of the reference's. Two definitions differ, and there the
/// comparable value is used (docs/prayers.md, "How the times are checked"):
/// - Asr: ours takes the noon shadow from the sun's declination at the transit, adhanpy's from its
///   declination at 0h UT of the date. Ours is compared with adhanpy's hour angle for the noon
///   declination, and with adhanpy's own Asr within what the two declinations explain.
/// - Fajr and Isha on nights of shallow twilight (the sun's deepest depression within 1° of the angle,
///   or crossing it slower than 4° an hour): adhanpy corrects its hour angle once, which there is up to
///   minutes off, or misses a twilight that does end; ours iterates to the instant. There the reference
///   is adhanpy's rule with PyEphem's instant of the angle.
@Suite("Prayer times · checked against adhanpy (F-8)")
struct PrayerAdhanpyTests {
    typealias R = PrayerReference

    static let first = LocalDay("2026-01-01")!
    static let year = 365

    /// Every place, method and Asr rule, with the default high-latitude rule.
    static let yearCases: [R.Case] = R.places.flatMap { place in
        PrayerMethod.allCases.flatMap { method in
            AsrRule.allCases.map { asr in
                R.Case(id: "\(place.name)-\(method.word)-\(asr.word)", place: place,
                       settings: PrayerSettings(location: place.location, method: method, asr: asr),
                       first: first, days: year)
            }
        }
    }

    /// The other two high-latitude rules at the two places where they bind for months: London and Oslo.
    static let latitudeCases: [R.Case] = [R.london, R.oslo].flatMap { place in
        PrayerMethod.allCases.flatMap { method in
            [HighLatitudeRule.seventhOfTheNight, .twilightAngle].map { rule in
                R.Case(id: "\(place.name)-\(method.word)-\(rule.word)", place: place,
                       settings: PrayerSettings(location: place.location, method: method, highLatitude: rule),
                       first: first, days: year)
            }
        }
    }

    /// A person's adjustments on top of a method's own minutes.
    static let adjusted = R.Case(
        id: "London-adjusted", place: R.london,
        settings: PrayerSettings(location: R.london.location, method: .gulf,
                                 adjustments: PrayerAdjustments(fajr: -2, dhuhr: 3, asr: -1, maghrib: 2, isha: 5)!),
        first: first, days: year)

    /// The days around each DST change of 2026 in London and Toronto, with adhanpy's wall clock.
    static let daylightSavingCases: [R.Case] = [
        (R.london, "2026-03-27"), (R.london, "2026-10-23"), (R.toronto, "2026-03-06"), (R.toronto, "2026-10-30"),
    ].map { place, start in
        var item = R.Case(id: "\(place.name)-dst-\(start)", place: place,
                          settings: PrayerSettings(location: place.location, method: .isna),
                          first: LocalDay(start)!, days: 5)
        item.local = true
        return item
    }

    static let allCases = yearCases + latitudeCases + [adjusted] + daylightSavingCases

    /// adhanpy's times for every case, computed once for the suite.
    static let reference = Result { try R.run(allCases) }

    /// The greatest difference, in seconds, this suite allows against adhanpy.
    static let tolerance = 60

    /// What one comparison found: how many times were compared, and each that differed by more than
    /// `tolerance` (the first few, for the message).
    struct Tally {
        var compared = 0
        var outside: [String] = []
        var uncomputed: [String] = []
        /// Times compared with PyEphem's instant of the angle, on nights of shallow twilight, by place.
        var shallow: [String: Int] = [:]
        /// Asr against adhanpy's own (declination at 0h UT), beyond what the two declinations explain.
        var asrUnexplained: [String] = []

        mutating func compare(_ ours: Date, _ theirs: Int, _ label: @autoclosure () -> String) {
            let difference = abs(Int(ours.timeIntervalSince1970) - theirs)
            compared += 1
            if difference > PrayerAdhanpyTests.tolerance {
                outside.append("\(label()): \(difference) s (ours \(Instant.storageText(ours)), adhanpy \(Instant.storageText(Date(timeIntervalSince1970: Double(theirs)))))")
            }
        }

        var report: String {
            "\(outside.count) of \(compared) times differ by more than \(PrayerAdhanpyTests.tolerance) s: "
                + outside.prefix(12).joined(separator: "; ")
        }
    }

    /// Compares every day of `item` with adhanpy; Asr with the noon-declination Asr.
    static func tally(_ items: [R.Case], reference: R) -> Tally {
        var tally = Tally()
        for item in items {
            guard let days = reference.days[item.id] else { continue }
            for (offset, theirs) in days.enumerated() {
                let day = item.first.adding(days: offset)
                guard let theirs, theirs.times.count == 6, let asrNoon = theirs.asrNoon else {
                    tally.uncomputed.append("\(item.id) \(day)")
                    continue
                }
                let ours = PrayerTimes(on: day, at: item.place.location, settings: item.settings, in: item.place.timeZone)
                let label = "\(item.id) \(day)"
                tally.compare(ours.fajr, theirs.fajrNear?.time ?? theirs.times[0], "\(label) fajr")
                tally.compare(ours.sunrise, theirs.times[1], "\(label) sunrise")
                tally.compare(ours.dhuhr, theirs.times[2], "\(label) dhuhr")
                tally.compare(ours.asr, asrNoon, "\(label) asr")
                tally.compare(ours.maghrib, theirs.times[4], "\(label) maghrib")
                tally.compare(ours.isha, theirs.ishaNear?.time ?? theirs.times[5], "\(label) isha")
                let shallow = (theirs.fajrNear == nil ? 0 : 1) + (theirs.ishaNear == nil ? 0 : 1)
                if shallow > 0 { tally.shallow[item.place.name, default: 0] += shallow }
                // adhanpy's own Asr differs from ours only by what its declination at 0h UT moves it.
                let ourAsr = Int(ours.asr.timeIntervalSince1970)
                if abs(ourAsr - theirs.times[3]) > tolerance + abs(asrNoon - theirs.times[3]) {
                    tally.asrUnexplained.append("\(label): ours \(ourAsr), adhanpy \(theirs.times[3]), at noon \(asrNoon)")
                }
            }
        }
        return tally
    }

    @Test("F-8 every day of 2026 at London, Oslo, Makkah, Jakarta, Karachi, Cairo, Istanbul, Toronto, Sydney and Anchorage, by every method and both Asr rules, agrees with adhanpy within a minute")
    func yearAtTenPlaces() throws {
        let reference = try Self.reference.get()
        let tally = Self.tally(Self.yearCases, reference: reference)
        expectEmpty(tally.uncomputed, "adhanpy computed no times for \(tally.uncomputed.prefix(5))")
        expectEqual(tally.compared, Self.yearCases.count * Self.year * 6)
        expectEmpty(tally.outside, "\(tally.report)")
        expectEmpty(tally.asrUnexplained, "\(tally.asrUnexplained.prefix(8))")
        // Shallow twilight is a thing of high latitudes: of these places, only the four north of 43°.
        expectTrue(Set(tally.shallow.keys).isSubset(of: ["London", "Oslo", "Toronto", "Anchorage"]), "\(tally.shallow)")
        expectTrue(tally.shallow.values.reduce(0, +) < tally.compared / 20)
    }

    @Test("F-8 the seventh-of-the-night and twilight-angle rules at London and Oslo agree with adhanpy within a minute every day of 2026")
    func highLatitudeRules() throws {
        let reference = try Self.reference.get()
        let tally = Self.tally(Self.latitudeCases, reference: reference)
        expectEmpty(tally.uncomputed)
        expectEqual(tally.compared, Self.latitudeCases.count * Self.year * 6)
        expectEmpty(tally.outside, "\(tally.report)")
        // The rules bind at Oslo in summer: Isha there is the rule's on many days, and the rules differ.
        let midsummer = LocalDay("2026-06-21")!
        let times = [HighLatitudeRule.seventhOfTheNight, .twilightAngle].map {
            PrayerTimes(on: midsummer, at: R.oslo.location, settings: PrayerSettings(highLatitude: $0), in: R.oslo.timeZone)
        }
        expectTrue(times.allSatisfy { $0.boundedPrayers == [.fajr, .isha] })
        expectNotEqual(times[0].isha, times[1].isha)
    }

    @Test("F-8 a person's adjustments move each prayer by their minutes, as adhanpy's do, every day of 2026")
    func adjustments() throws {
        let reference = try Self.reference.get()
        let tally = Self.tally([Self.adjusted], reference: reference)
        expectEqual(tally.compared, Self.year * 6)
        expectEmpty(tally.outside, "\(tally.report)")
        let day = LocalDay("2026-05-05")!
        let plain = PrayerTimes(on: day, at: R.london.location, settings: PrayerSettings(method: .gulf), in: R.london.timeZone)
        let moved = PrayerTimes(on: day, at: R.london.location, settings: Self.adjusted.settings, in: R.london.timeZone)
        let minutes = Prayer.allCases.map { Int(moved[$0].timeIntervalSince(plain[$0])) / 60 }
        expectEqual(minutes, [-2, 3, -1, 2, 5])
        expectEqual(moved.sunrise, plain.sunrise)
    }

    @Test("F-8 Umm al-Qura's Isha is 120 minutes after Maghrib in Ramadan 1447 and 90 outside it, on the days hijridate's Umm al-Qura calendar says")
    func ummAlQuraRamadan() throws {
        let reference = try Self.reference.get()
        let days = try #require(reference.days["Makkah-umm-al-qura-standard"])
        var ramadan = 0
        for (offset, theirs) in days.enumerated() {
            let theirs = try #require(theirs)
            let day = Self.first.adding(days: offset)
            let ours = PrayerTimes(on: day, at: R.makkah.location, settings: PrayerSettings(method: .ummAlQura), in: R.makkah.timeZone)
            let gap = Int(ours.isha.timeIntervalSince(ours.maghrib)) / 60
            #expect(gap == (theirs.ramadan ? 120 : 90), "\(day): Isha \(gap) minutes after Maghrib")
            if theirs.ramadan { ramadan += 1 }
        }
        // Ramadan 1447 by Umm al-Qura: 2026-02-18 to 2026-03-19.
        expectEqual(ramadan, 30)
    }

    @Test("F-8 on the DST changes of 2026 in London and Toronto each prayer's wall-clock time matches adhanpy's with the zone's new offset")
    func daylightSaving() throws {
        let reference = try Self.reference.get()
        for item in Self.daylightSavingCases {
            let days = try #require(reference.days[item.id])
            for (offset, theirs) in days.enumerated() {
                let theirs = try #require(theirs)
                let local = try #require(theirs.local)
                let day = item.first.adding(days: offset)
                let ours = PrayerTimes(on: day, at: item.place.location, settings: item.settings, in: item.place.timeZone)
                let instants = [ours.fajr, ours.sunrise, ours.dhuhr, ours.asr, ours.maghrib, ours.isha]
                let calendar = PlannerCalendar(timeZone: item.place.timeZone)
                for (index, instant) in instants.enumerated() {
                    let wall = "\(calendar.calendarDay(at: instant)) \(calendar.timeOfDay(at: instant))"
                    let minutes = abs(Self.wallMinutes(wall) - Self.wallMinutes(local[index]))
                    expectTrue(minutes <= 1, "\(item.id) \(day) #\(index): ours \(wall), adhanpy \(local[index])")
                }
            }
        }
    }

    /// Minutes since 1970-01-01 00:00 of a `YYYY-MM-DD HH:MM` wall-clock text, to compare two of them.
    static func wallMinutes(_ text: String) -> Int {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let day = LocalDay(parts[0]), let time = TimeOfDay(parts[1]) else { return Int.min / 2 }
        return day.ordinal * 1440 + time.minutes
    }
}
