/// A day a habit's pause starts or resumes on (`--from`, `--to`): a DATE-WORD that names a day, so
/// anything but `someday`.
///
/// Which day it names depends on today, so the use case resolves it (`day(today:calendar:)`).
public struct PauseDay: WordValue, Equatable {
    public let date: QuickDate
    /// The word as given, for the refusal that quotes it.
    public let word: String

    /// The pause day that is exactly `day`.
    public init(_ day: LocalDay) {
        date = .date(day)
        word = day.description
    }

    private init(date: QuickDate, word: String) {
        self.date = date
        self.word = word
    }

    public static func reading(_ word: String) throws -> PauseDay {
        guard let date = QuickDate(word: word) else { throw InputError.badDate(word) }
        return PauseDay(date: date, word: word)
    }

    /// The day named on `today`; `someday` names none and is refused as a day that is no date.
    public func day(today: LocalDay, calendar: PlannerCalendar) throws -> LocalDay {
        guard let day = try date.resolve(today: today, calendar: calendar) else { throw InputError.badDate(word) }
        return day
    }
}
