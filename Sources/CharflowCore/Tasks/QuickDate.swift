/// The quick dates of `task.md`, following the user's first weekday.
public enum QuickDate: Sendable, Equatable {
    case today, tomorrow, laterThisWeek, nextWeek, someday
    case date(LocalDay)

    /// Parses a DATE-WORD of the command line: a quick date's name or `YYYY-MM-DD`.
    public init?(word: String) {
        switch word.lowercased() {
        case "today": self = .today
        case "tomorrow": self = .tomorrow
        case "later-this-week": self = .laterThisWeek
        case "next-week": self = .nextWeek
        case "someday": self = .someday
        default:
            guard let day = LocalDay(entered: word) else { return nil }
            self = .date(day)
        }
    }

    /// The day this quick date names on `today`; nil is Someday.
    ///
    /// Later this week is three days on, and only while that is still in the current week.
    public func resolve(today: LocalDay, calendar: PlannerCalendar) throws(PlannerError) -> LocalDay? {
        switch self {
        case .today: return today
        case .tomorrow: return today.adding(days: 1)
        case .laterThisWeek:
            let target = today.adding(days: 3)
            guard calendar.startOfWeek(containing: target) == calendar.startOfWeek(containing: today) else {
                throw .laterThisWeekUnavailable
            }
            return target
        case .nextWeek: return calendar.startOfWeek(containing: today).adding(days: 7)
        case .someday: return nil
        case .date(let day): return day
        }
    }
}

extension QuickDate: WordValue {
    /// A DATE-WORD: `today`, `tomorrow`, `later-this-week`, `next-week`, `someday` or `YYYY-MM-DD`.
    public static func reading(_ word: String) throws -> QuickDate {
        guard let date = QuickDate(word: word) else { throw InputError.badDate(word) }
        return date
    }
}
