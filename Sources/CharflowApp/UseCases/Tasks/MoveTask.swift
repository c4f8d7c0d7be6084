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

    public struct Input: Sendable {
        public var task: UUID
        public var destination: Destination

        public init(task: UUID, to destination: Destination) {
            self.task = task
            self.destination = destination
        }
    }
}

extension Charflow {
    @discardableResult
    public func moveTask(_ input: MoveTask.Input) throws -> TaskChange {
        var task = try self.task(input.task)
        guard task.droppedAt == nil else { throw PlannerError.taskDropped }
        var outcome = Deferral.Outcome(task: task)
        switch input.destination {
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
        try store.action("move") { work in try saveDateChange(&outcome, in: work) }
        // A move that counted a deferral says what it did, as `defer` does (T-13, T-21).
        return try TaskChange(task, in: self, change: outcome.record == nil ? nil : Store.DateChange(outcome))
    }

    // MARK: From a request

    /// Places a task in a region or bucket (of today, or `day`), or takes it to the Backlog.
    public func move(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        let region = try request.region()
        let bucket = try request.bucket()
        let day = try request.dateWord("day")
        let toBacklog = request.has("backlog")
        if toBacklog, region != nil || bucket != nil || day != nil { throw RequestError.backlogTakesNoPlace }
        guard toBacklog || region != nil || bucket != nil else { throw RequestError.chooseOne(["region", "bucket", "backlog"]) }
        let destination: MoveTask.Destination = toBacklog ? .backlog : .board(region: region, bucket: bucket, day: day)
        return try moveTask(MoveTask.Input(task: try taskID(matching: word), to: destination))
    }
}
