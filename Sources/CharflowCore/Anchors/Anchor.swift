import Foundation

/// A fixed point of the day (spec D22, rule F-2): something externally timed that a person attends or
/// misses, such as a standup or a prayer. It has a title, an optional category and reminder, a timing
/// and a duration.
///
/// Its occurrence on a logical day (`AnchorOccurrence`) is a concrete start and end in the person's
/// zone; whether they were there is a resolution (`AnchorResolution`), one per anchor and day. An
/// archived anchor has no occurrences and keeps its history.
public struct Anchor: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var categoryID: UUID?
    /// Minutes before each occurrence to remind; nil for no reminder.
    public var remindMinutes: Int?
    public var timing: AnchorTiming
    /// How long each occurrence lasts, in minutes (`AnchorDuration.range`).
    public var durationMinutes: Int
    public var isArchived: Bool
    public var createdAt: Date
    public var modifiedAt: Date

    /// A prayer anchor's duration when none is given, and every new anchor's default (spec D22).
    public static let defaultDuration = 15

    public init(id: UUID = UUID(), title: String, categoryID: UUID? = nil, remindMinutes: Int? = nil,
                timing: AnchorTiming, durationMinutes: Int = Anchor.defaultDuration, isArchived: Bool = false,
                createdAt: Date, modifiedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.categoryID = categoryID
        self.remindMinutes = remindMinutes
        self.timing = timing
        self.durationMinutes = durationMinutes
        self.isArchived = isArchived
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    public var shortID: String { id.shortText }

    /// Whether the anchor asks anything of `day` by its timing; the day it was made from on (`firstDay`)
    /// is the caller's to check.
    public func isScheduled(on day: LocalDay) -> Bool {
        timing.isScheduled(on: day)
    }
}

/// When an anchor comes: at a fixed time on chosen ISO weekdays, or at one of the five prayers, every day.
public enum AnchorTiming: Sendable, Equatable {
    case fixed(TimeOfDay, days: Set<Weekday>)
    case prayer(Prayer)

    /// Monday to Friday: what `--weekdays` means.
    public static let weekdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    public func isScheduled(on day: LocalDay) -> Bool {
        switch self {
        case .fixed(_, let days): days.contains(day.weekday)
        case .prayer: true
        }
    }

    /// Days as the store keeps them: ISO numbers in order, `1,2,3,4,5`.
    public static func storedDays(_ days: Set<Weekday>) -> String {
        days.sorted().map { String($0.isoNumber) }.joinedText(separator: ",")
    }

    /// The days of the store's form; nil when it names none, or something that is not an ISO weekday.
    public static func days(stored text: String) -> Set<Weekday>? {
        var days = Set<Weekday>()
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let day = Int(piece).flatMap(Weekday.init(isoNumber:)) else { return nil }
            days.insert(day)
        }
        return days.isEmpty ? nil : days
    }

    /// The prayer of a prayer anchor; nil for a fixed one.
    public var prayer: Prayer? {
        if case .prayer(let prayer) = self { return prayer }
        return nil
    }
}
