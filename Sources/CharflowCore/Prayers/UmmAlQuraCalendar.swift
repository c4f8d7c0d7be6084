import Foundation

/// The month of Ramadan by the Umm al-Qura calendar of Saudi Arabia, for the Umm al-Qura method's longer
/// Isha interval.
///
/// Read from Foundation's `islamicUmmAlQura` calendar (ICU's tables of the official calendar), for the
/// civil date: the 1st of Ramadan 1446 is 2025-03-01, of 1447 2026-02-18.
enum UmmAlQuraCalendar {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .islamicUmmAlQura)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Whether `day` falls in Ramadan.
    static func isRamadan(_ day: LocalDay) -> Bool {
        month(of: day) == 9
    }

    /// The Hijri month (1 to 12) of `day`, taken at noon UTC of that date.
    static func month(of day: LocalDay) -> Int {
        let noon = Date(timeIntervalSince1970: Double(day.ordinal * LocalDay.secondsPerCivilDay + LocalDay.secondsPerCivilDay / 2))
        return calendar.component(.month, from: noon)
    }
}
