import Foundation

/// Something the engine has noticed that the user may want to hear about (spec D11).
///
/// Signals are typed here and phrased only by `Messages`.
public enum Signal: Sendable, Equatable {
    /// Five or more tasks in a day's plan and fewer than two of them important.
    case prioritisationPrompt(day: LocalDay)
    /// The task's third deferral eased its importance to low.
    case importanceEased(task: UUID)
    /// The task has been deferred five times or more.
    case suggestRemoval(task: UUID)
    /// The task has been deferred three times or more.
    case stale(task: UUID)
    /// The rollover closed a session on this task; Today offers it back once.
    case sessionCarriedOver(task: UUID)
    /// Two sessions were live; the later one was stopped and its time logged.
    case twoTimersStopped
    /// More than half of a habit's due days missed over three weeks.
    case habitFatigue(habit: UUID)
    /// Four or more habits started within a week.
    case newHabitRealism
    /// A habit's read suggests a lighter cadence (days a week now, suggested).
    case densityRead(habit: UUID, current: Int, suggested: Int)
    /// Tasks have waited in the Backlog's Older group.
    case backlogGrowingOld(count: Int)
    /// A region of today's board holds more than 1–3–5 (after a merge of two devices' boards): its
    /// bucket counts. Shown while it stands; nothing is moved by itself (rule Y-9).
    case regionOverLimit(region: Region, mustDo: Int, complementary: Int, misc: Int)
    /// More effort is planned in a region of the day than it has free time: said once per region and
    /// day, never a block (rule F-14).
    case regionOverPlanned(day: LocalDay, region: Region, planned: Int, free: Int)

    /// The task or habit the signal is about, if any.
    public var subject: UUID? {
        switch self {
        case .importanceEased(let id), .suggestRemoval(let id), .stale(let id), .sessionCarriedOver(let id),
             .habitFatigue(let id), .densityRead(let id, _, _):
            id
        case .prioritisationPrompt, .twoTimersStopped, .newHabitRealism, .backlogGrowingOld, .regionOverLimit,
             .regionOverPlanned:
            nil
        }
    }

    /// What a record of the signal being shown names besides its kind: the subject's id, the region for
    /// a region's notice, or "" for neither.
    public var seenSubject: String {
        switch self {
        case .regionOverPlanned(_, let region, _, _): region.rawValue
        default: subject?.lowercasedText ?? ""
        }
    }

    /// A stable name for JSON.
    public var kind: String {
        switch self {
        case .prioritisationPrompt: "prioritisationPrompt"
        case .importanceEased: "importanceEased"
        case .suggestRemoval: "suggestRemoval"
        case .stale: "stale"
        case .sessionCarriedOver: "sessionCarriedOver"
        case .twoTimersStopped: "twoTimersStopped"
        case .habitFatigue: "habitFatigue"
        case .newHabitRealism: "newHabitRealism"
        case .densityRead: "densityRead"
        case .backlogGrowingOld: "backlogGrowingOld"
        case .regionOverLimit: "regionOverLimit"
        case .regionOverPlanned: "regionOverPlanned"
        }
    }
}

/// When the Backlog is old enough to mention.
public enum BacklogAge {
    /// This many tasks in the Older group raise the Backlog-growing-old signal.
    public static let olderTasks = 5
}

/// The prioritisation prompt of `task.md` (Importance rule 4).
public enum Prioritisation {
    /// A plan this large asks which one or two tasks matter most…
    public static let planSize = 5
    /// …when fewer than this many are important.
    public static let importantWanted = 2

    /// `tasks` are one day's plan (its live and done tasks, dropped ones excluded).
    public static func shouldPrompt(_ tasks: [TaskItem]) -> Bool {
        let plan = tasks.filter { $0.droppedAt == nil }
        return plan.count >= planSize && plan.filter(\.isImportant).count < importantWanted
    }
}
