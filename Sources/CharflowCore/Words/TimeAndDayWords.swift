/// A clock time a person gives (`--at 09:30`): `HH:MM`, 24-hour.
extension TimeOfDay: WordValue {
    public static func reading(_ word: String) throws -> TimeOfDay {
        guard let time = TimeOfDay(word) else { throw InputError.invalidWord(what: "time", given: word, expected: "HH:MM") }
        return time
    }
}

/// A day a person names to look at: `today`, `tomorrow`, `yesterday` or a date (`charflow prayers DATE`).
public enum DateWord: WordValue, Equatable {
    case today, tomorrow, yesterday
    case date(LocalDay)

    public static func reading(_ word: String) throws -> DateWord {
        switch word.lowercased() {
        case "today": return .today
        case "tomorrow": return .tomorrow
        case "yesterday": return .yesterday
        default:
            guard let day = LocalDay(entered: word) else { throw InputError.badDate(word) }
            return .date(day)
        }
    }

    /// The day named, on `today`.
    public func day(today: LocalDay) -> LocalDay {
        switch self {
        case .today: today
        case .tomorrow: today.adding(days: 1)
        case .yesterday: today.adding(days: -1)
        case .date(let day): day
        }
    }
}

/// How many days a listing shows, from its first (`prayers --days N`), 1 to 366.
public struct DayCount: BoundedNumber, Equatable {
    public static let range = 1...366
    public static let what = "the number of days"
    public let value: Int
    public init(_ value: Int) { self.value = value }
}
