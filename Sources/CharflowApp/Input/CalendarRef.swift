import CharflowCore

/// The calendar a person names: its name, any case. Found by the use case among the device's calendars.
public struct CalendarRef: WordValue, Equatable, CustomStringConvertible {
    public let word: String

    public init(_ name: String) {
        word = name
    }

    public static func reading(_ word: String) throws -> CalendarRef {
        CalendarRef(word)
    }

    public var description: String { word }
}
