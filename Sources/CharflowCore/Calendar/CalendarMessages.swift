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
