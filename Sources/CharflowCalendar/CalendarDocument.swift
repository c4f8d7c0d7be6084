/// One iCalendar text as a source gave it: a file of a vdir folder, the one file or address of an
/// `.ics` source, or one resource of a CalDAV collection.
public struct CalendarDocument: Hashable, Sendable, Codable {
    /// Where it came from, as a refusal names it: a file's name, an address, a CalDAV href.
    public var name: String
    public var text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
