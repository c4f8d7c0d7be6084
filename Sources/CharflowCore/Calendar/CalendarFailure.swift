/// Why a calendar source could not be read, fetched or expanded (spec D22, rules F-9 and F-12).
///
/// Every case names the source (or the address or file) it is about, so that `calendar list` and a
/// refresh can say once which calendar failed and why. A failure changes nothing: the caller keeps the
/// source's last good events.
public enum CalendarFailure: CharflowRefusal, Equatable {
    /// libical or libcurl is not installed; `library` is its name, `package` the Debian package.
    case libraryMissing(library: String, package: String)
    /// A file or folder could not be read.
    case unreadable(source: String, path: String, reason: String)
    /// The iCalendar text is broken: in `document` (a file name or an address), at `line` when known.
    case malformed(source: String, document: String, line: Int?, problem: ICalendarProblem)
    /// The address is not one Charflow reads calendars from.
    case addressRefused(address: String, problem: AddressProblem)
    /// The server answered 401: the sign-in was refused or missing. `credentials` says where the
    /// credentials came from, nil when none were found.
    case unauthorized(source: String, host: String, credentials: String?)
    /// The server answered with a status that is not a calendar.
    case httpStatus(source: String, status: Int)
    /// The server could not be reached (name not found, connection refused, TLS failure).
    case unreachable(source: String, detail: String)
    /// The server did not answer within the time allowed.
    case timedOut(source: String, seconds: Int)
    /// The password file cannot be used.
    case passwordFile(path: String, problem: PasswordFileProblem)
    /// The CalDAV address is not a calendar collection.
    case notACalendar(source: String, address: String)
    /// The answer was larger than a calendar should be.
    case tooLarge(source: String, megabytes: Int)

    /// What is wrong with an address.
    public enum AddressProblem: String, Sendable, Equatable {
        /// Plain `http://` to a host that is not this machine.
        case plainHTTPNotLoopback
        /// Neither `https://` nor `http://`.
        case unsupportedScheme
        /// The address carries a password, which Charflow would then keep.
        case carriesPassword
        /// Not an address at all.
        case malformed
        /// A CalDAV collection named by a path rather than an address.
        case caldavNeedsAddress
    }

    /// What is wrong with a password file.
    public enum PasswordFileProblem: Sendable, Equatable {
        case unreadable(reason: String)
        /// Group or others may read it; `mode` is its permission bits.
        case openToOthers(mode: Int)
        case empty
        /// Neither the address (`https://NAME@host/…`) nor `.netrc` gives the user name to go with it.
        case noUserName
    }

    public var code: String {
        switch self {
        case .libraryMissing: "calendar_library_missing"
        case .unreadable: "calendar_unreadable"
        case .malformed: "calendar_malformed"
        case .addressRefused: "calendar_address"
        case .unauthorized: "calendar_unauthorized"
        case .httpStatus: "calendar_http_status"
        case .unreachable: "calendar_unreachable"
        case .timedOut: "calendar_timeout"
        case .passwordFile: "calendar_password_file"
        case .notACalendar: "calendar_not_a_calendar"
        case .tooLarge: "calendar_too_large"
        }
    }

    public var kind: RefusalKind {
        switch self {
        case .addressRefused, .passwordFile: .badInput
        default: .unavailable
        }
    }

    public var message: String { CalendarMessages.text(self) }
}
