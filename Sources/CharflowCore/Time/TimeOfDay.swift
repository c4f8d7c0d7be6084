/// A wall-clock time within a day, to the minute (`HH:MM`), such as the rollover time.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since 00:00, 0 ..< 1440.
    public let minutes: Int

    public static let midnight = TimeOfDay(minutes: 0)!

    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    /// Parses `HH:MM` (24-hour; `H:MM` is accepted too).
    public init?(_ text: some StringProtocol) {
        let parts = ASCIIDigits.withBytes(text) { bytes -> (Int, Int)? in
            guard bytes.count == 4 || bytes.count == 5, bytes[bytes.count - 3] == UInt8(ascii: ":"),
                  let hour = ASCIIDigits.number(bytes, 0..<(bytes.count - 3)),
                  let minute = ASCIIDigits.number(bytes, (bytes.count - 2)..<bytes.count) else { return nil }
            return (hour, minute)
        }
        guard let (hour, minute) = parts else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }

    public var description: String {
        LocalDay.pad(hour, 2) + ":" + LocalDay.pad(minute, 2)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
        lhs.minutes < rhs.minutes
    }
}
