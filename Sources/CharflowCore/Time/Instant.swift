import Foundation

/// Text forms of instants: the store's UTC form and the offset form that JSON output uses.
///
/// Written by hand over the civil-date arithmetic of `LocalDay`, so that hot paths make no formatter.
public enum Instant {
    /// Drops sub-millisecond precision, so an instant survives a round trip through the store unchanged.
    public static func truncatedToMilliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// `2026-11-29T23:32:45.123Z`: sortable as text, exact to the millisecond.
    public static func storageText(_ date: Date) -> String {
        let millis = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = LocalDay.floorDivide(millis, 1000)
        return civil(seconds) + "." + LocalDay.pad(millis - seconds * 1000, 3) + "Z"
    }

    /// Parses the storage form (and, leniently, the same without milliseconds).
    public static func parseStorageText(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"),
              let day = LocalDay(String(decoding: bytes[0..<10], as: UTF8.self)),
              bytes[10] == UInt8(ascii: "T"),
              let time = TimeOfDay(String(decoding: bytes[11..<16], as: UTF8.self)),
              bytes[16] == UInt8(ascii: ":"),
              let second = Int(String(decoding: bytes[17..<19], as: UTF8.self)) else { return nil }
        var millis = 0
        if bytes.count == 24, bytes[19] == UInt8(ascii: ".") {
            guard let value = Int(String(decoding: bytes[20..<23], as: UTF8.self)) else { return nil }
            millis = value
        } else if bytes.count != 20 {
            return nil
        }
        let whole = day.ordinal * LocalDay.secondsPerCivilDay + time.minutes * 60 + second
        return Date(timeIntervalSince1970: Double(whole) + Double(millis) / 1000)
    }

    /// `2026-11-29T18:32:45-05:00`: ISO 8601 with the zone's offset at that instant, to the second.
    public static func isoText(_ date: Date, in calendar: PlannerCalendar) -> String {
        let offset = calendar.utcOffsetSeconds(at: date)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset) / 60
        return civil(seconds) + sign + LocalDay.pad(magnitude / 60, 2) + ":" + LocalDay.pad(magnitude % 60, 2)
    }

    private static func civil(_ seconds: Int) -> String {
        let day = LocalDay(ordinal: LocalDay.floorDivide(seconds, LocalDay.secondsPerCivilDay))
        let inDay = seconds - day.ordinal * LocalDay.secondsPerCivilDay
        return day.description + "T" + LocalDay.pad(inDay / 3600, 2) + ":" + LocalDay.pad(inDay / 60 % 60, 2)
            + ":" + LocalDay.pad(inDay % 60, 2)
    }
}
