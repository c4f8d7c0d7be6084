/// What is wrong with an iCalendar text at the line a refusal names (rule F-10: a broken `.ics` is
/// refused naming the line).
public enum ICalendarProblem: Hashable, Sendable {
    /// No VCALENDAR at all (an empty file, or a web page where a calendar was expected).
    case noCalendar
    /// A line that is not NAME[;PARAM=…]:VALUE.
    case notAContentLine(String)
    /// A line before BEGIN:VCALENDAR or after its END.
    case outsideCalendar(String)
    /// END:`name` where BEGIN:`open` (or nothing) is open.
    case unexpectedEnd(name: String, open: String?)
    /// BEGIN:`name` never closed.
    case unclosed(name: String)
    /// A date or date-time property whose value is not one.
    case badDate(property: String, value: String)
    /// A DURATION (or a period's duration) that is not one.
    case badDuration(property: String, value: String)
    /// An RRULE without a valid FREQ, UNTIL, COUNT or INTERVAL.
    case badRule(String)
    /// A VEVENT with no DTSTART.
    case noStart
    /// What libical itself reported about the line.
    case library(String)
}
