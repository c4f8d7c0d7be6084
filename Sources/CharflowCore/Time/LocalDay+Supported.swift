/// The years Charflow accepts where a date enters it: 1900 to 2999.
///
/// `LocalDay` itself can hold any day, but every day that comes in from an argument, an import or a
/// repeat is checked against this range, so each stored day is four digits and round-trips through
/// a backup (a daily task finished on 2999-12-31 makes no instance in the year 3000).
extension LocalDay {
    public static let supported = LocalDay(year: 1900, month: 1, day: 1)!...LocalDay(year: 2999, month: 12, day: 31)!

    /// Whether this day lies in the supported years.
    public var isSupported: Bool { LocalDay.supported.contains(self) }

    /// Parses exactly `YYYY-MM-DD` as `init(_:)` does, and refuses a day outside the supported years.
    public init?(entered text: some StringProtocol) {
        guard let day = LocalDay(text), day.isSupported else { return nil }
        self = day
    }
}
