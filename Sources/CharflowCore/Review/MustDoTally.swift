import Foundation

/// How many of some things were done, of how many there were: Must-Dos done of placed, anchors
/// attended of marked.
public struct Tally: Sendable, Equatable {
    public var done: Int
    public var of: Int

    public init(done: Int = 0, of: Int = 0) {
        self.done = done
        self.of = of
    }

    /// Done as a share of all, 0–100 rounded down; nil when there was nothing.
    public var percent: Int? { of == 0 ? nil : done * 100 / of }

    public static func + (lhs: Tally, rhs: Tally) -> Tally {
        Tally(done: lhs.done + rhs.done, of: lhs.of + rhs.of)
    }
}

/// A Must-Do left open on the board at the end of its day: what the rollover took off the board,
/// kept so the review can count it as placed.
public struct OpenMustDo: Sendable, Equatable, Hashable {
    public var day: LocalDay
    public var taskID: UUID
    public var region: Region

    public init(day: LocalDay, taskID: UUID, region: Region) {
        self.day = day
        self.taskID = taskID
        self.region = region
    }

    /// The Must-Dos among `candidates` that a rollover into `newDay` takes off the board unfinished.
    public static func leftOpen(_ candidates: [TaskItem], newDay: LocalDay) -> [OpenMustDo] {
        candidates.compactMap { task in
            guard task.isLive, task.bucket == .mustDo, let region = task.region, let due = task.dueDate, due < newDay
            else { return nil }
            return OpenMustDo(day: due, taskID: task.id, region: region)
        }
    }
}

/// Must-Dos done of placed, per region and in all, over a stretch of days.
///
/// A Must-Do counts as placed on a day when it was done there, is still on that day's board, or was
/// left open there at the day's end (the rollover keeps it). Days after `today` have not happened and
/// count nowhere; a dropped task counts nowhere.
public enum MustDoTally {
    public static func count(
        placed: [TaskItem], leftOpen: [OpenMustDo], from first: LocalDay, through last: LocalDay, today: LocalDay
    ) -> [Region: Tally] {
        var tallies: [Region: Tally] = Dictionary(uniqueKeysWithValues: Region.allCases.map { ($0, Tally()) })
        let end = min(last, today)
        var seen = Set<String>()
        for task in placed {
            guard task.bucket == .mustDo, task.droppedAt == nil, let region = task.region, let day = task.dueDate,
                  day >= first, day <= end else { continue }
            guard seen.insert("\(day) \(task.id)").inserted else { continue }
            tallies[region, default: Tally()].of += 1
            if task.isCompleted { tallies[region, default: Tally()].done += 1 }
        }
        for open in leftOpen where open.day >= first && open.day <= end {
            guard seen.insert("\(open.day) \(open.taskID)").inserted else { continue }
            tallies[open.region, default: Tally()].of += 1
        }
        return tallies
    }

    /// Every region's tally added up.
    public static func all(_ tallies: [Region: Tally]) -> Tally {
        tallies.values.reduce(Tally(), +)
    }
}
