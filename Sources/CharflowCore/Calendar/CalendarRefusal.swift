/// What the calendar commands refuse about the calendars a device keeps, as opposed to what reading a
/// source refuses (`CalendarFailure`).
public enum CalendarRefusal: CharflowRefusal, Equatable {
    /// A name that is empty or longer than `CalendarName.length` allows, as given.
    case badName(String)
    /// Another calendar of this device has the name (case aside).
    case nameTaken(String)
    /// No calendar of this device has the name.
    case notFound(String)

    public var code: String {
        switch self {
        case .badName: "calendar_name"
        case .nameTaken: "calendar_name_taken"
        case .notFound: "calendar_not_found"
        }
    }

    public var kind: RefusalKind {
        switch self {
        case .badName: .badInput
        case .nameTaken: .conflict
        case .notFound: .notFound
        }
    }

    public var message: String { CalendarMessages.text(self) }
}
