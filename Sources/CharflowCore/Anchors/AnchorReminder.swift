/// How many minutes before an anchor's occurrence its reminder comes (`--remind MINUTES`), 0 to 720.
public struct ReminderMinutes: BoundedNumber, Equatable {
    public static let range = 0...720
    public static let what = "a reminder's minutes"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// A reminder as an edit gives it: minutes before, or `none` (a body's `null`) to take it off.
public enum ReminderChoice: WordValue, NullMeaningful, Equatable {
    case none
    case minutes(ReminderMinutes)

    public static func reading(_ word: String) throws -> ReminderChoice {
        word.lowercased() == "none" ? .none : .minutes(try ReminderMinutes.reading(word))
    }

    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { $0.decodeNil() ? .none : .minutes(try ReminderMinutes(from: decoder)) }
    }

    /// The minutes before; nil for none.
    public var minutes: Int? {
        if case .minutes(let minutes) = self { return minutes.value }
        return nil
    }
}
