import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

/// Charflow's prayer times against timetables published by the authorities whose methods it follows
/// (issue 38, rule F-8): each time within two minutes of the published one.
///
/// The numbers are the publishers' own, copied here from where they are quoted; each table names its
/// publisher, address, dates and where it was read. Only the days listed are compared.
@Suite("Prayer times · checked against official timetables (F-8)")
struct PrayerTimetableTests {
    /// One published timetable.
    struct Timetable: Sendable, CustomTestStringConvertible {
        let publisher: String
        let source: String
        let method: PrayerMethod
        let latitude: Double
        let longitude: Double
        let zone: String
        /// `YYYY-MM-DD` and the day's Fajr, sunrise, Dhuhr, Asr, Maghrib and Isha as printed, 24-hour.
        let days: [(String, [String])]

        var testDescription: String { publisher }
    }

    /// The greatest difference, in minutes, allowed against a published timetable.
    static let tolerance = 2

    /// Umm al-Qura University's calendar for Makkah (the Umm al-Qura method): the official timetable of
    /// Saudi Arabia. http://www.ummulqura.org.sa/Index.aspx, twelve days of 2016 (5 January to 4 December,
    /// none in Ramadan), for the Masjid al-Haram; the site's rows as quoted in the Adhan project's test data
    /// (batoulapps/adhan-js, Shared/Times/Makkah-UmmAlQura.json, "source"), afternoon times there on a
    /// 12-hour clock, written here on a 24-hour one.
    static let ummAlQura = Timetable(
        publisher: "Umm al-Qura calendar, Makkah, 2016", source: "http://www.ummulqura.org.sa/Index.aspx",
        method: .ummAlQura, latitude: 21.427009, longitude: 39.828685, zone: "Asia/Riyadh",
        days: [
            ("2016-01-05", ["05:39", "06:59", "12:26", "15:32", "17:53", "19:23"]),
            ("2016-02-04", ["05:39", "06:57", "12:35", "15:49", "18:13", "19:43"]),
            ("2016-03-05", ["05:22", "06:37", "12:33", "15:55", "18:27", "19:57"]),
            ("2016-04-03", ["04:55", "06:11", "12:24", "15:50", "18:37", "20:07"]),
            ("2016-05-02", ["04:27", "05:48", "12:18", "15:39", "18:47", "20:17"]),
            ("2016-06-04", ["04:11", "05:37", "12:20", "15:37", "19:01", "20:31"]),
            ("2016-07-08", ["04:18", "05:44", "12:26", "15:43", "19:07", "20:37"]),
            ("2016-08-02", ["04:32", "05:54", "12:27", "15:46", "19:00", "20:30"]),
            ("2016-09-04", ["04:48", "06:04", "12:20", "15:45", "18:34", "20:04"]),
            ("2016-10-06", ["04:58", "06:13", "12:09", "15:32", "18:04", "19:34"]),
            ("2016-11-05", ["05:09", "06:26", "12:05", "15:19", "17:43", "19:13"]),
            ("2016-12-04", ["05:24", "06:44", "12:12", "15:17", "17:38", "19:08"]),
        ])

    /// The UAE's General Authority of Islamic Affairs and Endowments (Awqaf), Dubai (the Gulf method):
    /// https://www.awqaf.gov.ae/en/Pages/PrayerTimes.aspx, the 1st of each month of 2018; the site's rows
    /// as quoted in the Adhan project's test data (batoulapps/adhan-js, Shared/Times/Dubai-Gulf.json,
    /// "source"), written here on a 24-hour clock.
    static let awqaf = Timetable(
        publisher: "Awqaf (UAE), Dubai, 2018", source: "https://www.awqaf.gov.ae/en/Pages/PrayerTimes.aspx",
        method: .gulf, latitude: 25.263056, longitude: 55.297222, zone: "Asia/Dubai",
        days: [
            ("2018-01-01", ["05:42", "07:01", "12:25", "15:24", "17:44", "19:03"]),
            ("2018-02-01", ["05:42", "06:58", "12:35", "15:44", "18:07", "19:22"]),
            ("2018-03-01", ["05:25", "06:39", "12:34", "15:54", "18:24", "19:38"]),
            ("2018-04-01", ["04:53", "06:08", "12:25", "15:54", "18:38", "19:53"]),
            ("2018-05-01", ["04:21", "05:40", "12:19", "15:47", "18:52", "20:12"]),
            ("2018-06-01", ["04:00", "05:25", "12:19", "15:43", "19:08", "20:33"]),
            ("2018-07-01", ["04:02", "05:29", "12:25", "15:48", "19:16", "20:43"]),
            ("2018-08-01", ["04:21", "05:43", "12:28", "15:55", "19:07", "20:29"]),
            ("2018-09-01", ["04:40", "05:56", "12:22", "15:51", "18:41", "19:57"]),
            ("2018-10-01", ["04:54", "06:08", "12:11", "15:35", "18:09", "19:23"]),
            ("2018-11-01", ["05:08", "06:23", "12:05", "15:17", "17:42", "18:57"]),
            ("2018-12-01", ["05:25", "06:43", "12:11", "15:11", "17:32", "18:50"]),
        ])

    /// Majlis Ugama Islam Singapura (MUIS), the national timetable of Singapore (the Singapore method):
    /// https://www.muis.gov.sg (its yearly prayer timetable), the 1st and 15th of January to June 2020.
    /// Read from two republications that agree on every one of these days: the Adhan project's test data
    /// (batoulapps/adhan-js, Shared/Times/Singapore-Singapore.json, source muis.gov.sg) and
    /// ruqqq/prayertimes-database (data/SG/1/2020, "sourced out from MUIS PDFs").
    static let muis = Timetable(
        publisher: "MUIS, Singapore, 2020", source: "https://www.muis.gov.sg",
        method: .singapore, latitude: 1.370844612058886, longitude: 103.80145644060552, zone: "Asia/Singapore",
        days: [
            ("2020-01-01", ["05:44", "07:07", "13:10", "16:34", "19:10", "20:25"]),
            ("2020-01-15", ["05:51", "07:13", "13:16", "16:39", "19:16", "20:30"]),
            ("2020-02-01", ["05:57", "07:17", "13:20", "16:41", "19:21", "20:33"]),
            ("2020-02-15", ["05:58", "07:17", "13:20", "16:38", "19:22", "20:32"]),
            ("2020-03-01", ["05:57", "07:15", "13:18", "16:30", "19:20", "20:29"]),
            ("2020-03-15", ["05:54", "07:11", "13:15", "16:19", "19:17", "20:26"]),
            ("2020-04-01", ["05:48", "07:05", "13:10", "16:16", "19:13", "20:22"]),
            ("2020-04-15", ["05:43", "07:01", "13:06", "16:20", "19:09", "20:19"]),
            ("2020-05-01", ["05:38", "06:57", "13:03", "16:23", "19:08", "20:19"]),
            ("2020-05-15", ["05:35", "06:56", "13:03", "16:25", "19:08", "20:20"]),
            ("2020-06-01", ["05:34", "06:58", "13:04", "16:29", "19:09", "20:24"]),
            ("2020-06-15", ["05:36", "07:00", "13:07", "16:32", "19:12", "20:27"]),
        ])

    /// Diyanet İşleri Başkanlığı's timetable for Ankara (the Turkey method), the 1st of each month of
    /// 2019, as the newspaper Yeni Şafak republishes it (https://www.yenisafak.com/en/ankara-prayer-times-01.01.2019
    /// and the following months); the rows as quoted in the Adhan project's test data
    /// (batoulapps/adhan-js, Shared/Times/Ankara-Turkey.json, "source").
    static let diyanet = Timetable(
        publisher: "Diyanet, Ankara, 2019 (via Yeni Şafak)", source: "https://www.yenisafak.com/en/ankara-prayer-times-01.01.2019",
        method: .turkey, latitude: 39.939382, longitude: 32.819713, zone: "Europe/Istanbul",
        days: [
            ("2019-01-01", ["06:33", "08:03", "12:57", "15:20", "17:40", "19:05"]),
            ("2019-02-01", ["06:25", "07:51", "13:07", "15:49", "18:14", "19:34"]),
            ("2019-03-01", ["05:53", "07:16", "13:06", "16:14", "18:46", "20:04"]),
            ("2019-04-01", ["05:01", "06:27", "12:58", "16:31", "19:19", "20:39"]),
            ("2019-05-01", ["04:07", "05:43", "12:51", "16:40", "19:49", "21:18"]),
            ("2019-06-01", ["03:24", "05:15", "12:51", "16:48", "20:17", "22:00"]),
            ("2019-07-01", ["03:21", "05:16", "12:57", "16:55", "20:28", "22:15"]),
            ("2019-08-01", ["03:58", "05:40", "13:00", "16:53", "20:10", "21:45"]),
            ("2019-09-01", ["04:40", "06:09", "12:54", "16:34", "19:29", "20:52"]),
            ("2019-10-01", ["05:14", "06:37", "12:44", "16:02", "18:40", "19:58"]),
            ("2019-11-01", ["05:45", "07:10", "12:37", "15:28", "17:55", "19:14"]),
            ("2019-12-01", ["06:14", "07:43", "12:42", "15:10", "17:31", "18:55"]),
        ])

    static let timetables = [ummAlQura, awqaf, muis, diyanet]

    @Test("F-8 each time agrees within two minutes with the official timetable", arguments: timetables)
    func agreesWithTimetable(_ table: Timetable) throws {
        let location = try #require(PrayerLocation(latitude: table.latitude, longitude: table.longitude))
        let zone = try #require(TimeZone(identifier: table.zone))
        let settings = PrayerSettings(location: location, method: table.method)
        expectTrue(table.days.count >= 12)
        var total = 0
        for (date, printed) in table.days {
            let day = try #require(LocalDay(date))
            let times = PrayerTimes(on: day, at: location, settings: settings, in: zone)
            let ours = [times.timeOfDay(of: .fajr), times.sunriseTimeOfDay, times.timeOfDay(of: .dhuhr),
                        times.timeOfDay(of: .asr), times.timeOfDay(of: .maghrib), times.timeOfDay(of: .isha)]
            let names = ["Fajr", "sunrise", "Dhuhr", "Asr", "Maghrib", "Isha"]
            for index in 0..<6 {
                let official = try #require(TimeOfDay(printed[index]))
                let difference = abs(ours[index].minutes - official.minutes)
                total += difference
                expectTrue(difference <= Self.tolerance, "\(table.publisher) \(date) \(names[index]): ours \(ours[index]), published \(official)")
            }
            // Every published time falls on the day it is printed for, and so do ours.
            expectTrue(Prayer.allCases.allSatisfy { times.calendarDay(of: $0) == day })
        }
        // Closer than the tolerance on the whole: on average within a minute.
        expectTrue(total <= table.days.count * 6, "\(total) minutes apart over \(table.days.count * 6) times")
    }
}
