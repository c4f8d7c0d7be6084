/// A calendar date with no time and no zone: the `YYYY-MM-DD` a planner reasons in.
///
/// Stored as the number of days since 1970-01-01 so that day arithmetic is integer arithmetic
/// on the proleptic Gregorian calendar; it is never a `Date` at midnight.
public struct LocalDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (which is ordinal 0).
    public let ordinal: Int

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// A day from its parts, or nil when the parts name no real date (month 13, 30 February).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(month: month, year: year) else {
            return nil
        }
        ordinal = LocalDay.ordinal(year: year, month: month, day: day)
    }

    /// Parses exactly `YYYY-MM-DD`; anything else, or an impossible date, is nil.
    public init?(_ text: some StringProtocol) {
        guard let day = ASCIIDigits.withBytes(text, LocalDay.init(bytes:)) else { return nil }
        self = day
    }

    /// `init(_:)` over UTF-8 bytes, for readers that take them straight from the store.
    public init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = ASCIIDigits.number(bytes, 0..<4), let month = ASCIIDigits.number(bytes, 5..<7),
              let day = ASCIIDigits.number(bytes, 8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var year: Int { parts.year }
    public var month: Int { parts.month }
    public var day: Int { parts.day }

    /// The day `count` days later (or earlier, when negative).
    public func adding(days count: Int) -> LocalDay {
        LocalDay(ordinal: ordinal + count)
    }

    /// How many days from this day to `other` (negative when `other` is earlier).
    public func days(to other: LocalDay) -> Int {
        other.ordinal - ordinal
    }

    /// The ISO weekday of this date.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday (ISO 4).
        Weekday(isoNumber: ((ordinal + 3) % 7 + 7) % 7 + 1)!
    }

    public var description: String {
        let (y, m, d) = parts
        guard (0...9999).contains(y) else {
            return LocalDay.pad(y, 4) + "-" + LocalDay.pad(m, 2) + "-" + LocalDay.pad(d, 2)
        }
        return ASCIIDigits.text("0000-00-00", [(y, 0, 4), (m, 5, 2), (d, 8, 2)])
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    /// Number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // Civil-date conversions after Howard Hinnant's public-domain "chrono-compatible low-level date algorithms".
    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    var parts: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A day as a person names one for a look back: `today`, `yesterday` or a date.
public enum DayWord: WordValue, Equatable {
    case today, yesterday
    case date(LocalDay)

    /// `DateWord`'s reading without `tomorrow`, which is no day to look back on (refused as a date).
    public static func reading(_ word: String) throws -> DayWord {
        switch try DateWord.reading(word) {
        case .today: .today
        case .yesterday: .yesterday
        case .date(let day): .date(day)
        case .tomorrow: throw InputError.badDate(word)
        }
    }

    /// The day named, on `today`.
    public func day(today: LocalDay) -> LocalDay {
        switch self {
        case .today: today
        case .yesterday: today.adding(days: -1)
        case .date(let day): day
        }
    }
}
