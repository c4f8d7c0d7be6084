import CharflowCore
import CharflowStore
import Foundation

/// Read the prayer times (rules F-7, F-8): one day's, or several from a day on, computed for the
/// location and method the settings hold, in the person's zone. Without a location, refused with how to
/// set one. Reads only.
public enum ReadPrayerTimes {
    public struct Input: Decodable, Sendable {
        /// The first day: `today`, `tomorrow`, `yesterday` or a date; today when left out.
        public var date: DateWord?
        /// How many days from it; one when left out.
        public var days: DayCount?

        public init(date: DateWord? = nil, days: Int? = nil) {
            self.date = date
            self.days = days.map(DayCount.init)
        }
    }
}

/// The prayer times of one or more days, with the settings they were computed by.
public struct PrayerTimesReport: Report {
    public let settings: PrayerSettings
    public let location: PrayerLocation
    public let days: [PrayerTimes]
    let calendar: PlannerCalendar

    /// `{"location" (as `settings location` takes it), "method", "asr", "highLatitude", "adjustments", "zone", "days": [{"date", "fajr",
    /// "sunrise", "dhuhr", "asr", "maghrib", "isha", "bounded"}]}`, each time ISO 8601 with its offset.
    public var json: JSONValue {
        let adjustments = Prayer.allCases.filter { settings.adjustments[$0] != 0 }.map { ($0.word, JSONValue.int(settings.adjustments[$0])) }
        return .object([
            ("location", .string(location.word)),
            ("method", .string(settings.method.word)),
            ("asr", .string(settings.asr.word)),
            ("highLatitude", .string(settings.highLatitude.word)),
            ("adjustments", .object(adjustments)),
            ("zone", .string(calendar.timeZone.identifier)),
            ("days", .array(days.map { times in
                .object([("date", .string(times.day.description))]
                    + Prayer.allCases.prefix(1).map { ($0.word, .string(iso(times[$0]))) }
                    + [("sunrise", .string(iso(times.sunrise)))]
                    + Prayer.allCases.dropFirst().map { ($0.word, .string(iso(times[$0]))) }
                    + [("bounded", .array(times.boundedPrayers.sorted().map { .string($0.word) }))])
            })),
        ])
    }

    private func iso(_ instant: Date) -> String {
        Instant.isoText(instant, in: calendar)
    }
}

extension Charflow {
    public func readPrayerTimes(_ input: ReadPrayerTimes.Input = .init()) throws -> PrayerTimesReport {
        let prayers = settings.prayers
        guard let location = prayers.location else { throw PlannerError.noPrayerLocation }
        let first = input.date?.day(today: today) ?? today
        let count = input.days?.value ?? 1
        let days = (0..<count).map { PrayerTimes(on: first.adding(days: $0), at: location, settings: prayers, in: calendar.timeZone) }
        return PrayerTimesReport(settings: prayers, location: location, days: days, calendar: calendar)
    }
}
