import Foundation

/// The one task of Charflow (`task.md` plus the board's placement of spec D1).
///
/// A task is on the board when `region` is set: it is then placed on the logical day `dueDate`
/// in that region's `bucket`. `region == nil` is "not on the board".
public struct TaskItem: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var notes: String?
    /// Day granularity; nil is backlog / Someday.
    public var dueDate: LocalDay?
    /// nil is "no estimate", which counts as zero toward load.
    public var effortMinutes: Int?
    public var importance: Importance
    public var isCompleted: Bool
    public var completedAt: Date?
    /// The logical day the task was done on, kept as it was then (P-8): a later change of the rollover
    /// time never moves a completion to another day. Nil while the task is not done.
    public var completedDay: LocalDay?
    public var droppedAt: Date?
    public var deferralCount: Int
    public var repeatKind: RepeatKind
    /// ISO weekdays for a weekly repeat, e.g. "1,5"; empty is the due date's weekday.
    public var repeatWeekdays: String
    /// For a monthly repeat, the day of the month kept across short months; 0 until first filled in.
    public var repeatDayOfMonth: Int
    public var seriesID: UUID?
    /// The occurrence of its series this instance was made for (spec D19, "A series is one thing"):
    /// set when the instance is created and never changed by a move or an edit of its day, so the
    /// series' next instance is told apart from it. Nil for a task that never repeated.
    public var occurrence: LocalDay?
    public var createdAt: Date
    public var categoryID: UUID?
    public var region: Region?
    public var bucket: Bucket?
    /// Manual order inside one day's region and bucket.
    public var sortOrder: Int
    /// The logical day the task last entered the Backlog; nil while it is not there.
    public var backlogSince: LocalDay?
    public var modifiedAt: Date

    /// The effort preselected on a new task.
    public static let defaultEffortMinutes = 30

    public init(
        id: UUID = UUID(), title: String, notes: String? = nil, dueDate: LocalDay? = nil,
        effortMinutes: Int? = TaskItem.defaultEffortMinutes, importance: Importance = .low,
        isCompleted: Bool = false, completedAt: Date? = nil, droppedAt: Date? = nil, deferralCount: Int = 0,
        repeatKind: RepeatKind = .none, repeatWeekdays: String = "", repeatDayOfMonth: Int = 0,
        seriesID: UUID? = nil, createdAt: Date, categoryID: UUID? = nil, region: Region? = nil,
        bucket: Bucket? = nil, sortOrder: Int = 0, backlogSince: LocalDay? = nil, modifiedAt: Date? = nil,
        occurrence: LocalDay? = nil, completedDay: LocalDay? = nil
    ) {
        self.id = id
        self.title = title
        self.notes = notes
        self.dueDate = dueDate
        self.effortMinutes = effortMinutes
        self.importance = importance
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.completedDay = completedDay
        self.droppedAt = droppedAt
        self.deferralCount = deferralCount
        self.repeatKind = repeatKind
        self.repeatWeekdays = repeatWeekdays
        self.repeatDayOfMonth = repeatDayOfMonth
        self.seriesID = seriesID
        self.occurrence = occurrence
        self.createdAt = createdAt
        self.categoryID = categoryID
        self.region = region
        self.bucket = bucket
        self.sortOrder = sortOrder
        self.backlogSince = backlogSince
        self.modifiedAt = modifiedAt ?? createdAt
    }

    /// Not completed and not dropped.
    public var isLive: Bool { !isCompleted && droppedAt == nil }

    /// Placed on the board of logical day `day`.
    public func isPlaced(on day: LocalDay) -> Bool {
        region != nil && dueDate == day
    }

    /// The id as users see it: the first eight hex digits, lower case.
    public var shortID: String { id.shortText }
}
