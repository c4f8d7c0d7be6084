import Foundation

/// The rows a week's review is made of, as the store keeps them.
public struct WeekRecords: Sendable {
    /// Tasks placed as Must-Dos on the week's days (done, open or dropped).
    public var placedMustDos: [TaskItem] = []
    /// Must-Dos left open at the end of one of the week's days.
    public var leftOpen: [OpenMustDo] = []
    /// Tasks completed during the week's logical days.
    public var done: [TaskItem] = []
    /// Deferral records counted for the week's days.
    public var deferrals: [DeferralRecord] = []
    /// The deferred tasks, by id, for their titles and counts.
    public var deferredTasks: [UUID: TaskItem] = [:]
    /// Focus sessions begun on the week's days.
    public var sessions: [WorkSession] = []
    /// Each done task's actual focus time (every session of it, S-12), in seconds.
    public var actualSeconds: [UUID: Int] = [:]
    /// Category names by id.
    public var categories: [UUID: String] = [:]
    /// Anchors marked on the week's days: one outcome per anchor and day.
    public var anchorOutcomes: [AnchorOutcome] = []

    public init() {}
}

/// A week looked back on: the numbers of R-1, computed from its rows.
public struct WeekReview: Sendable {
    /// One done task's estimate against its actual focus time.
    public struct Estimate: Sendable, Equatable {
        public let taskID: UUID
        public let title: String
        public let effortMinutes: Int
        public let actualSeconds: Int

        public init(taskID: UUID, title: String, effortMinutes: Int, actualSeconds: Int) {
            self.taskID = taskID
            self.title = title
            self.effortMinutes = effortMinutes
            self.actualSeconds = actualSeconds
        }
    }

    /// A task deferred three or more times, with a deferral this week.
    public struct Slipping: Sendable, Equatable {
        public let taskID: UUID
        public let title: String
        public let deferralCount: Int

        public init(taskID: UUID, title: String, deferralCount: Int) {
            self.taskID = taskID
            self.title = title
            self.deferralCount = deferralCount
        }
    }

    public let firstDay: LocalDay
    public let lastDay: LocalDay
    /// The last day counted: the week's last day, or today while the week is under way.
    public let throughDay: LocalDay
    public let mustDos: [Region: Tally]
    public var mustDosInAll: Tally { MustDoTally.all(mustDos) }
    /// Tasks done, by the bucket they were done in; nil is done from the Backlog (unplaced).
    public let doneByBucket: [Bucket?: Int]
    /// Tasks done, by category name (nil: none), most first, then by name.
    public let doneByCategory: [(category: String?, count: Int)]
    public let doneCount: Int
    public let deferralCount: Int
    public let deferralsByReason: [DeferralReason: Int]
    public let slipping: [Slipping]
    public let estimates: [Estimate]
    /// Focus seconds per day of the week, in order (days after today count 0).
    public let focusByDay: [(day: LocalDay, seconds: Int)]
    public var focusSeconds: Int { focusByDay.reduce(0) { $0 + $1.seconds } }
    public let anchors: Tally

    /// The week starting `firstDay`, as of `today` and `now`.
    public init(firstDay: LocalDay, today: LocalDay, now: Date, records: WeekRecords) {
        self.firstDay = firstDay
        lastDay = firstDay.adding(days: 6)
        throughDay = min(lastDay, max(today, firstDay.adding(days: -1)))
        mustDos = MustDoTally.count(placed: records.placedMustDos, leftOpen: records.leftOpen, from: firstDay,
                                    through: lastDay, today: today)
        var byBucket: [Bucket?: Int] = [:]
        var byCategory: [String?: Int] = [:]
        for task in records.done {
            byBucket[task.region == nil ? nil : task.bucket, default: 0] += 1
            byCategory[task.categoryID.flatMap { records.categories[$0] }, default: 0] += 1
        }
        doneByBucket = byBucket
        doneByCategory = byCategory.map { (category: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : ($0.category ?? "\u{10FFFF}") < ($1.category ?? "\u{10FFFF}")
        }
        doneCount = records.done.count
        deferralCount = records.deferrals.count
        deferralsByReason = records.deferrals.reduce(into: [:]) { $0[$1.reason, default: 0] += 1 }
        let slippingIDs = Set(records.deferrals.map(\.taskID))
        slipping = slippingIDs.compactMap { id in
            guard let task = records.deferredTasks[id], task.isStale else { return nil }
            return Slipping(taskID: id, title: task.title, deferralCount: task.deferralCount)
        }.sorted { $0.deferralCount != $1.deferralCount ? $0.deferralCount > $1.deferralCount : $0.title < $1.title }
        estimates = records.done.compactMap { task in
            guard let effort = task.effortMinutes, effort > 0, let actual = records.actualSeconds[task.id], actual > 0
            else { return nil }
            return Estimate(taskID: task.id, title: task.title, effortMinutes: effort, actualSeconds: actual)
        }
        var focus: [LocalDay: Int] = [:]
        for session in records.sessions where session.day >= firstDay && session.day <= lastDay {
            focus[session.day, default: 0] += session.elapsedSeconds(at: now)
        }
        focusByDay = (0..<7).map { offset in
            let day = firstDay.adding(days: offset)
            return (day, focus[day] ?? 0)
        }
        anchors = Tally(done: records.anchorOutcomes.filter { $0 == .attended }.count, of: records.anchorOutcomes.count)
    }
}
