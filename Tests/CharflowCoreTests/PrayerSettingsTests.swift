import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// The prayer settings' values and their words, for the command line and the settings store (rule F-7),
/// and the refusals of bad input.
@Suite("Prayer settings (F-7)")
struct PrayerSettingsTests {
    @Test("F-7 the defaults: Muslim World League, standard Asr, the middle of the night, no adjustments, and no location, so no times")
    func defaults() {
        let settings = PrayerSettings()
        expectEqual(settings.method, .muslimWorldLeague)
        expectEqual(settings.asr, .standard)
        expectEqual(settings.highLatitude, .middleOfTheNight)
        expectEqual(settings.adjustments, .none)
        expectEqual(settings.adjustments.word, "none")
        expectEqual(settings.location, nil)
        expectEqual(settings.times(on: LocalDay("2026-03-01")!, in: TimeZone(identifier: "Europe/London")!), nil)
    }

    @Test("F-7 the twelve methods, their words read back, and each word names one method")
    func methodWords() {
        expectEqual(PrayerMethod.allCases.count, 12)
        expectEqual(Set(PrayerMethod.allCases.map(\.word)).count, 12)
        for method in PrayerMethod.allCases {
            expectEqual(PrayerMethod(word: method.word), method)
            expectEqual(PrayerMethod(word: method.word.uppercased()), method)
            expectTrue(!method.name.isEmpty)
        }
        expectEqual(PrayerMethod(word: "muslim-world-league"), .muslimWorldLeague)
        expectEqual(PrayerMethod(word: "moonsighting-committee"), .moonsightingCommittee)
    }

    @Test("F-7 the methods' published angles and minutes")
    func methodParameters() {
        expectEqual(PrayerMethod.muslimWorldLeague.parameters.fajrAngle, 18)
        expectEqual(PrayerMethod.muslimWorldLeague.parameters.isha, .angle(17))
        expectEqual(PrayerMethod.isna.parameters.isha, .angle(15))
        expectEqual(PrayerMethod.egypt.parameters.fajrAngle, 19.5)
        expectEqual(PrayerMethod.ummAlQura.parameters.isha, .afterMaghrib(minutes: 90, inRamadan: 120))
        expectEqual(PrayerMethod.qatar.parameters.isha, .afterMaghrib(minutes: 90, inRamadan: nil))
        expectEqual(PrayerMethod.tehran.parameters.maghribAngle, 4.5)
        let turkey = PrayerMethod.turkey.parameters
        let minutes: [Int] = [turkey.sunriseMinutes, turkey.dhuhrMinutes, turkey.asrMinutes, turkey.maghribMinutes]
        expectEqual(minutes, [-7, 5, 4, 7])
        expectTrue(PrayerMethod.moonsightingCommittee.parameters.seasonalTwilight)
    }

    @Test("F-7 Asr rules, high-latitude rules and prayers read their words back, and the command line's short forms")
    func ruleWords() {
        for rule in AsrRule.allCases { expectEqual(AsrRule(word: rule.word), rule) }
        #expect(AsrRule.hanafi.shadowFactor == 2 && AsrRule.standard.shadowFactor == 1)
        for rule in HighLatitudeRule.allCases { expectEqual(HighLatitudeRule(word: rule.word), rule) }
        expectEqual(HighLatitudeRule.allCases.map(\.word), ["middle", "seventh", "angle"])
        expectEqual(HighLatitudeRule(word: "seventh-of-the-night"), .seventhOfTheNight)
        for prayer in Prayer.allCases { expectEqual(Prayer(word: prayer.word), prayer) }
        expectEqual(Prayer.allCases.map(\.name), ["Fajr", "Dhuhr", "Asr", "Maghrib", "Isha"])
        expectEqual(Prayer(word: "sunrise"), nil)
    }

    @Test("F-7 a location reads from LAT,LON or LAT,LON,ELEVATION and writes back the same")
    func locationWords() throws {
        let london = try PrayerLocation.parse("51.5074,-0.1278")
        #expect(london.latitude == 51.5074 && london.longitude == -0.1278 && london.elevation == nil)
        expectEqual(london.word, "51.5074,-0.1278")
        let makkah = try PrayerLocation.parse(" 21.4225, 39.8262, 277 ")
        expectEqual(makkah.elevation, 277)
        expectEqual(makkah.word, "21.4225,39.8262,277")
        expectEqual(PrayerLocation(word: makkah.word), makkah)
        try expectEqual(PrayerLocation.parse("-90,180").latitude, -90)
        try expectEqual(PrayerLocation.parse("0,0,-400.5").word, "0,0,-400.5")
    }

    @Test("F-7 a latitude of 91, a longitude past 180, an elevation out of reach or a malformed location is refused, naming what is wrong",
          arguments: [
              ("91,0", InputError.LocationFault.latitude), ("-90.5,10", .latitude), ("51.5,-181", .longitude),
              ("51.5,0,9001", .elevation), ("51.5", .form), ("a,b", .form), ("nan,0", .form), ("inf,0", .form),
              ("1e1,0", .form), ("51.5,0,1,2", .form), ("", .form), ("51.5,", .form), ("0x10,0", .form),
          ])
    func badLocation(_ text: String, _ fault: InputError.LocationFault) {
        #expect(throws: InputError.badLocation(text, fault)) { try PrayerLocation.parse(text) }
        expectEqual(PrayerLocation(word: text), nil)
        let message = InputError.badLocation(text, fault).message
        expectContains(message, "'\(text)'")
        switch fault {
        case .latitude: expectContains(message, "latitude must be from -90 to 90")
        case .longitude: expectContains(message, "longitude must be from -180 to 180")
        case .elevation: expectContains(message, "elevation must be from -500 to 9000")
        case .form: expectContains(message, "LATITUDE,LONGITUDE")
        }
        expectEqual(InputError.badLocation(text, fault).code, "bad_location")
        expectEqual(PrayerLocation(latitude: 91, longitude: 0), nil)
    }

    @Test("F-7 a method, Asr rule, high-latitude rule or prayer that is none of the words is refused, listing the words")
    func badWords() {
        #expect(throws: InputError.invalidWord(what: "prayer method", given: "none",
                                               expected: "mwl, isna, egypt, umm-al-qura, karachi, gulf, kuwait, qatar, singapore, tehran, turkey or moonsighting")) {
            try PrayerMethod.parse("none")
        }
        #expect(throws: InputError.invalidWord(what: "Asr rule", given: "maliki", expected: "standard or hanafi")) {
            try AsrRule.parse("maliki")
        }
        #expect(throws: InputError.invalidWord(what: "high-latitude rule", given: "nearest", expected: "middle, seventh or angle")) {
            try HighLatitudeRule.parse("nearest")
        }
        #expect(throws: InputError.invalidWord(what: "prayer", given: "sunrise", expected: "fajr, dhuhr, asr, maghrib or isha")) {
            try Prayer.parse("sunrise")
        }
        expectEqual(InputError.invalidWord(what: "prayer method", given: "none", expected: "mwl").message, "Unknown prayer method 'none'; expected mwl.")
    }

    @Test("F-7 adjustments read and write `fajr=2,isha=-3`, and refuse minutes that are not whole or beyond an hour")
    func adjustmentWords() throws {
        let adjustments = try PrayerAdjustments.parse("fajr=2, isha=-3")
        #expect(adjustments[.fajr] == 2 && adjustments[.isha] == -3 && adjustments[.dhuhr] == 0)
        expectEqual(adjustments.word, "fajr=2,isha=-3")
        expectEqual(PrayerAdjustments(word: adjustments.word), adjustments)
        try expectEqual(PrayerAdjustments.parse("none"), .none)
        try expectEqual(PrayerAdjustments.parseMinutes("+5"), 5)
        try expectEqual(PrayerAdjustments.parseMinutes("-60"), -60)
        for bad in ["61", "-61", "2.5", "", "+", "five", "1e1", "--2"] {
            #expect(throws: InputError.badAdjustment(bad)) { try PrayerAdjustments.parseMinutes(bad) }
        }
        #expect(throws: InputError.badAdjustment("fajr")) { try PrayerAdjustments.parse("fajr") }
        #expect(throws: InputError.badAdjustment("90")) { try PrayerAdjustments.parse("asr=90") }
        #expect(throws: InputError.invalidWord(what: "prayer", given: "sunrise", expected: "fajr, dhuhr, asr, maghrib or isha")) {
            try PrayerAdjustments.parse("sunrise=2")
        }
        expectContains(InputError.badAdjustment("90").message, "from -60 to 60")
        expectEqual(PrayerAdjustments(fajr: 61), nil)
        var clamped = PrayerAdjustments()
        clamped[.asr] = 500
        expectEqual(clamped[.asr], 60)
    }

    @Test("F-7 the times come from the settings' own location, method and rules")
    func timesFromSettings() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Karachi"))
        let karachi = try PrayerLocation.parse("24.8607,67.0011")
        let day = LocalDay("2026-09-01")!
        let settings = PrayerSettings(location: karachi, method: .karachi, asr: .hanafi)
        let times = try #require(settings.times(on: day, in: zone))
        expectEqual(times, PrayerTimes(on: day, at: karachi, settings: settings, in: zone))
        let standard = PrayerTimes(on: day, at: karachi, settings: PrayerSettings(method: .karachi), in: zone)
        // A Hanafi Asr is later, by most of an hour at this latitude; nothing else moves.
        let later = times.asr.timeIntervalSince(standard.asr)
        expectTrue(later > 40 * 60 && later < 80 * 60)
        #expect(times.fajr == standard.fajr && times.isha == standard.isha)
    }
}
