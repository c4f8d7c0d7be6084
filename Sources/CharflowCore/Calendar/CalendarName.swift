/// The name a person gives a calendar ("Work"): one line of plain text, 1 to 60 characters after
/// trimming (spec D22). Names are compared without regard to case: a device holds one calendar of a name.
public struct CalendarName: WordValue, Hashable, CustomStringConvertible {
    /// The trimmed name, as it is kept and shown.
    public let text: String

    /// How long a name may be, in characters.
    public static let length = 1...60

    public static func reading(_ word: String) throws -> CalendarName {
        let name = word.trimmingWhitespace()
        try TextRules.checkLine(name, .calendarName)
        guard length.contains(name.count) else { throw CalendarRefusal.badName(word) }
        return CalendarName(checked: name)
    }

    private init(checked text: String) {
        self.text = text
    }

    /// Whether `other` names the same calendar (case aside).
    public func names(_ other: String) -> Bool {
        text.lowercased() == other.lowercased()
    }

    public var description: String { text }
}

/// One of the person's own calendar addresses (`--address sam@example.org`), by which the invitations
/// they declined are known (rule F-11). `mailto:` is taken off; the address is kept as given otherwise
/// and compared without regard to case.
public struct CalendarAddress: WordValue, Hashable, CustomStringConvertible {
    public let text: String

    public static func reading(_ word: String) throws -> CalendarAddress {
        var address = word.trimmingWhitespace()
        if address.lowercased().hasPrefix("mailto:") { address.removeFirst("mailto:".count) }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, address.count <= 254,
              !address.unicodeScalars.contains(where: { $0.properties.isWhitespace || TextRules.isUnfit($0) }) else {
            throw InputError.invalidWord(what: "calendar address", given: word, expected: "an email address such as sam@example.org")
        }
        return CalendarAddress(checked: address)
    }

    private init(checked text: String) {
        self.text = text
    }

    public var description: String { text }
}
