import CharflowCore
import CharflowStore
import Foundation

/// Move a task: onto a day's board, to another region or bucket (B-2, B-3, B-11, under the limits of
/// B-4), or off the board into the Backlog.
///
/// Placing a task whose day has come on a later day is a deferral (T-19), counted or refining today's
/// record (T-22). Taken to the Backlog, a task whose day has come loses it (a deferral to Someday),
/// except an important or repeating one, which keeps its day (T-11, T-27).
public enum MoveTask {
    public enum Destination: Sendable, Equatable {
        /// A place on a board: today's unless `day`, or the future day the task already sits on. Without
        /// a region the task changes bucket in the region it is in.
        case board(region: Region?, bucket: Bucket?, day: QuickDate?)
        case backlog
    }

    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        public var region: Region?
        public var bucket: Bucket?
        /// The day whose board to place on (today when none).
        public var day: QuickDate?
        public var backlog: Bool?

        enum CodingKeys: String, CodingKey {
            case task, region, bucket, day, backlog
        }

        public init(task: TaskRef, to destination: Destination) {
            self.task = task
            switch destination {
            case .board(let region, let bucket, let day):
                self.region = region
                self.bucket = bucket
                self.day = day
            case .backlog:
                backlog = true
            }
        }

        public init(task: UUID, to destination: Destination) {
            self.init(task: TaskRef(task), to: destination)
        }

        /// Where the input sends the task: the Backlog alone, or a region or bucket (of a day).
        public func destination() throws -> Destination {
            if backlog == true {
                guard region == nil, bucket == nil, day == nil else { throw UsageRefusal.backlogTakesNoPlace }
                return .backlog
            }
            guard region != nil || bucket != nil else { throw UsageRefusal.chooseOne(["region", "bucket", "backlog"]) }
            return .board(region: region, bucket: bucket, day: day)
        }
    }
}

extension Charflow {
    @discardableResult
    public func moveTask(_ input: MoveTask.Input) throws -> TaskChange {
        let destination = try input.destination()
        // A move that counted a deferral says what it did, as `defer` does (T-13, T-21); the removal
        // suggestion it makes is recorded in the move's own transaction.
        let (task, change, changed) = try store.action("move") { work -> (TaskItem, Store.DateChange?, Bool) in
            let (task, outcome, changed) = try movedTask(input.task, to: destination, in: work)
            return (task, outcome.record == nil ? nil : try reported(outcome), changed)
        }
        var report = try TaskChange(task, in: self, change: change)
        report.changed = changed
        return report
    }

    /// Moves the task `ref` names inside `work`: the task as saved, the deferral the move counted, and
    /// whether it moved at all (a Backlog task taken to the Backlog stays as it was, recording nothing).
    private func movedTask(_ ref: TaskRef, to destination: MoveTask.Destination,
                           in work: UnitOfWork) throws -> (TaskItem, Deferral.Outcome, Bool) {
        var task = try self.task(ref)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        var outcome = Deferral.Outcome(task: task)
        if destination == .backlog, task.region == nil, Backlog.contains(task, today: today) {
            work.changesNothing()
            return (task, outcome, false)
        }
        switch destination {
        case .board(let region, let bucket, let word):
            let day = try Board.day(toPlace: task, on: word, today: today, calendar: calendar)
            let target = try Board.region(toPlace: task, in: region, on: day)
            if Deferral.isDeferral(task, to: day, today: today) {
                outcome = try Deferral.move(task, to: day, dateChosen: true, reason: nil,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
                task.deferralCount = outcome.task.deferralCount
                task.importance = outcome.task.importance
            }
            try Board.place(&task, region: target, bucket: bucket, day: day,
                            occupants: try store.taskRepository.occupants(of: target, on: day), now: now)
        case .backlog:
            if !task.isImportant, !task.isRepeating, Deferral.isDeferral(task, to: nil, today: today) {
                outcome = try Deferral.move(task, to: nil, dateChosen: true, reason: nil,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
                task.deferralCount = outcome.task.deferralCount
                task.importance = outcome.task.importance
            }
            Board.moveToBacklog(&task, today: today, now: now)
        }
        outcome.task = task
        try saveDateChange(&outcome, in: work)
        return (outcome.task, outcome, true)
    }
}
