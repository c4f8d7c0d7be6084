// The whole numbers a habit's options take, each bounded where it enters (`WholeNumber`) and named in
// its refusal: a target, one log's count or minutes, a grid's weeks, and the times a week of a schedule.

/// A habit's `--target` (each kind narrows it further, `HabitRules.validTarget`).
public struct HabitTarget: BoundedNumber, Equatable {
    public static let range = WholeNumber.habitTarget
    public static let what = "a target"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// One counted log's `--count`.
public struct HabitCount: BoundedNumber, Equatable {
    public static let range = WholeNumber.habitCount
    public static let what = "the count of one log"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// One timed log's `--minutes`, by hand: at most a day.
public struct HabitMinutes: BoundedNumber, Equatable {
    public static let range = WholeNumber.habitMinutes
    public static let what = "the minutes of one log"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// The weeks a habit's grid shows (`--weeks`), ending with this one: at most five years.
public struct GridWeeks: BoundedNumber, Equatable {
    public static let range = 1...260
    public static let what = "the number of weeks"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}

/// A weekly target's times a week (`--per-week N`), 1 to 7; anything else is refused as a schedule
/// word is, naming the range.
public struct TimesPerWeek: WordValue, Equatable {
    public let value: Int

    public init(_ value: Int) { self.value = value }

    public static func reading(_ word: String) throws -> TimesPerWeek {
        guard let count = Int(word), (1...7).contains(count) else {
            throw InputError.invalidWord(what: "times a week", given: word, expected: "1 to 7")
        }
        return TimesPerWeek(count)
    }

    /// A body's whole number, checked as the word is.
    public init(from decoder: any Decoder) throws {
        self = try Self.decoding(decoder) { try Self.reading(String(try $0.decode(Int.self))) }
    }
}
