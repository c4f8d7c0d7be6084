/// Every sentence the calendars say to their user (spec D15): which calendar, what went wrong, and
/// that nothing was lost.
public enum CalendarMessages {
    public static func text(_ failure: CalendarFailure) -> String {
        switch failure {
        case let .libraryMissing(library, package):
            return "Calendars need \(library), which is not installed on this machine (Debian package \(package))."
        case let .unreadable(source, path, reason):
            return "\(named(source)) could not be read from \(path): \(reason)."
        case let .malformed(source, document, line, problem):
            let place = line.map { "line \($0) of \(document)" } ?? document
            return "\(named(source)) is not valid iCalendar: \(place): \(text(problem))."
        case let .addressRefused(address, problem):
            return address.isEmpty ? refusal(problem) : "\(address): \(refusal(problem))"
        case let .unauthorized(source, host, credentials):
            let why = credentials.map { "the user name and password from \($0) were refused" }
                ?? "it needs a user name and password, and none were found for \(host)"
            return "\(named(source)) answered 401 (not signed in): \(why). Nothing was read."
        case let .httpStatus(source, status):
            return "\(named(source)) answered HTTP \(status) instead of a calendar. Nothing was read."
        case let .unreachable(source, detail):
            return "\(named(source)) could not be reached: \(detail)."
        case let .timedOut(source, seconds):
            return "\(named(source)) did not answer within \(seconds) s."
        case let .passwordFile(path, problem):
            switch problem {
            case .unreadable(let reason): return "The password file \(path) could not be read: \(reason)."
            case .openToOthers(let mode):
                return "The password file \(path) may be read by others (mode \(String(mode, radix: 8))); "
                    + "it must be readable by its owner alone (chmod 600)."
            case .empty: return "The password file \(path) is empty."
            case .noUserName:
                return "The password file \(path) needs a user name to go with it: put it in the address (https://NAME@host/…)."
            }
        case let .notACalendar(source, address):
            return "\(named(source)): \(address) is not a CalDAV calendar collection."
        case let .tooLarge(source, megabytes):
            return "\(named(source)) sent more than \(megabytes) MB, more than a calendar should be. Nothing was read."
        }
    }

    public static func text(_ refusal: CalendarRefusal) -> String {
        switch refusal {
        case .badName(let given):
            "A calendar's name is 1 to \(CalendarName.length.upperBound) characters of one line; “\(shortened(given))” is not."
        case .nameTaken(let name):
            "This device already reads a calendar called “\(name)”; give the new one another name."
        case .notFound(let given):
            "No calendar here is called “\(shortened(given))”."
        }
    }

    // MARK: What the commands say

    /// "Added calendar Work: 42 events from 6 Mar to 19 May."
    public static func added(_ name: String, events: Int, from: String, to: String) -> String {
        "Added calendar \(name): \(count(events)) from \(from) to \(to)."
    }

    /// "Removed calendar Work and its 42 events."
    public static func removed(_ name: String, events: Int) -> String {
        "Removed calendar \(name) and its \(count(events))."
    }

    public static let noCalendars = "No calendars yet."

    /// "read today at 09:00", "not read yet".
    public static func read(_ when: String?) -> String {
        when.map { "read \($0)" } ?? "not read yet"
    }

    /// After a failure: the last events stay (rule F-12).
    public static func keptAfterFailure(events: Int) -> String {
        events == 0 ? "Nothing was kept from it before." : "Its last \(count(events)) are kept."
    }

    /// What a refresh that runs by itself adds to a failure.
    public static let lastEventsKept = "Its last events are kept."

    /// "Work: 44 events, changed." / "Work: 42 events, unchanged."
    public static func refreshed(_ name: String, events: Int, changed: Bool) -> String {
        "\(name): \(count(events)), \(changed ? "read again" : "unchanged")."
    }

    /// "Work was removed while it was being read."
    public static func removedWhileRead(_ name: String) -> String {
        "\(name) was removed while it was being read."
    }

    /// `sync --watch`'s line when a calendar is read again after failing.
    public static func readAgain(_ name: String) -> String {
        "The calendar “\(name)” is read again."
    }

    /// What an expansion could not read exactly.
    public static func unknownZones(_ zones: [String]) -> String {
        "Times in zones no rule knows (\(zones.joinedText(separator: ", "))) were read in yours."
    }

    public static func truncated(_ events: [String]) -> String {
        "Events with more instances than are kept in the window were cut short (\(events.joinedText(separator: ", ")))."
    }

    /// What `privacy` adds on a device that reads calendars: what goes where when they are read, and
    /// that they stay on the device (spec D22).
    public static func privacy(_ locations: [String]) -> String {
        "This device reads \(locations.count == 1 ? "a calendar" : "\(locations.count) calendars") "
            + "(\(locations.joinedText(separator: ", "))): `charflow calendar add` and `calendar refresh`, and `serve` and "
            + "`sync --watch` every 15 minutes, ask each address for its events, signing in with the user name and "
            + "password from ~/.netrc or the calendar's password file, sent to that address's server only. The calendars "
            + "and their events stay on this machine: no hub receives them, and `charflow export` leaves them out."
    }

    /// The words a cancelled, declined or transparent event is shown with (rule F-11).
    public static func notBusy(_ reason: CalendarOccurrence.NotBusyReason) -> String {
        switch reason {
        case .cancelled: "cancelled, not busy"
        case .declined: "declined, not busy"
        case .transparent: "free"
        }
    }

    public static let allDay = "all day"
    /// An event without a SUMMARY, as `calendar events` lists it.
    public static let untitled = "(no title)"
    public static let noEvents = "No events."

    /// "1 event", "42 events".
    public static func count(_ events: Int) -> String {
        events == 1 ? "1 event" : "\(events) events"
    }

    /// What is wrong at the line a broken file names.
    public static func text(_ problem: ICalendarProblem) -> String {
        switch problem {
        case .noCalendar: "there is no BEGIN:VCALENDAR in it"
        case .notAContentLine(let text): "“\(shortened(text))” is not an iCalendar line (a name, a colon, then a value)"
        case .outsideCalendar(let text): "“\(shortened(text))” stands outside BEGIN:VCALENDAR … END:VCALENDAR"
        case let .unexpectedEnd(name, open):
            open.map { "END:\(name) closes BEGIN:\($0)" } ?? "END:\(name) closes nothing"
        case let .unclosed(name): "BEGIN:\(name) here is never closed by END:\(name)"
        case let .badDate(property, value): "\(property) is not a valid date or date and time (“\(shortened(value))”)"
        case let .badDuration(property, value): "\(property) is not a valid duration (“\(shortened(value))”)"
        case let .badRule(value): "RRULE is not a valid rule (“\(shortened(value))”)"
        case .noStart: "the event that begins here has no DTSTART"
        case .library(let words): "libical could not read it (\(shortened(words)))"
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(79)) + "…"
    }

    private static func named(_ source: String) -> String {
        source.isEmpty ? "The calendar" : "The calendar “\(source)”"
    }

    private static func refusal(_ problem: CalendarFailure.AddressProblem) -> String {
        switch problem {
        case .plainHTTPNotLoopback:
            "plain http:// is accepted only for this machine (127.0.0.1, ::1, localhost); use https://"
        case .unsupportedScheme: "a calendar address starts with https://"
        case .carriesPassword:
            "the address carries a password; keep it in ~/.netrc or a password file instead, so it is never stored"
        case .malformed: "this is not an address"
        case .caldavNeedsAddress: "a CalDAV calendar is an https:// address, not a file"
        }
    }
}
