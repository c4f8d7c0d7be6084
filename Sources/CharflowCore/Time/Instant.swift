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
        let day = LocalDay(ordinal: LocalDay.floorDivide(seconds, LocalDay.secondsPerCivilDay))
        let (year, month, dayOfMonth) = day.parts
        guard (0...9999).contains(year) else {
            return civil(seconds) + "." + LocalDay.pad(millis - seconds * 1000, 3) + "Z"
        }
        let inDay = seconds - day.ordinal * LocalDay.secondsPerCivilDay
        return ASCIIDigits.text("0000-00-00T00:00:00.000Z", [
            (year, 0, 4), (month, 5, 2), (dayOfMonth, 8, 2),
            (inDay / 3600, 11, 2), (inDay / 60 % 60, 14, 2), (inDay % 60, 17, 2), (millis - seconds * 1000, 20, 3),
        ])
    }

    /// Parses the storage form (and, leniently, the same without milliseconds), byte by byte: it runs
    /// for every instant read from the store.
    public static func parseStorageText(_ text: String) -> Date? {
        var text = text
        return text.withUTF8(parseStorageBytes)
    }

    /// `parseStorageText` over UTF-8 bytes, for readers that take them straight from the store.
    public static func parseStorageBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z"),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = ASCIIDigits.number(bytes, 0..<4), let month = ASCIIDigits.number(bytes, 5..<7),
              let dayOfMonth = ASCIIDigits.number(bytes, 8..<10), let hour = ASCIIDigits.number(bytes, 11..<13),
              let minute = ASCIIDigits.number(bytes, 14..<16), let second = ASCIIDigits.number(bytes, 17..<19),
              hour < 24, minute < 60, second < 60,
              let day = LocalDay(year: year, month: month, day: dayOfMonth) else { return nil }
        var millis = 0
        if bytes.count == 24 {
            guard bytes[19] == UInt8(ascii: "."), let value = ASCIIDigits.number(bytes, 20..<23) else { return nil }
            millis = value
        }
        let whole = day.ordinal * LocalDay.secondsPerCivilDay + hour * 3600 + minute * 60 + second
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
