import CharflowCore
import CharflowStore
import Foundation

/// Plan a task onto the planned day: on its board when a region is given, else dated that day; a
/// task whose day has come is deferred to it by the usual rule (P-1, P-3, B-4).
public enum PlanTask {
    public struct Input: Decodable, Sendable {
        public var task: TaskRef
        public var region: Region?
        public var bucket: Bucket?
        public var importance: Importance?

        public init(task: TaskRef, region: Region? = nil, bucket: Bucket? = nil, importance: Importance? = nil) {
            self.task = task
            self.region = region
            self.bucket = bucket
            self.importance = importance
        }

        public init(task: UUID, region: Region? = nil, bucket: Bucket? = nil, importance: Importance? = nil) {
            self.init(task: TaskRef(task), region: region, bucket: bucket, importance: importance)
        }
    }
}

extension Charflow {
    @discardableResult
    public func planTask(_ input: PlanTask.Input) throws -> TaskChange {
        let day = planningDays.plan
        let change = try store.action("plan tomorrow") { work in
            var task = try self.task(input.task)
            guard task.droppedAt == nil else { throw PlannerError.taskDropped }
            // A completed task's day and region are history.
            guard !task.isCompleted else { throw PlannerError.alreadyDone }
            var outcome = Deferral.Outcome(task: task)
            if task.dueDate != day, Deferral.isDeferral(task, to: day, today: today) {
                outcome = try Deferral.move(task, to: day, dateChosen: true, reason: nil,
                                            todaysRecord: try todaysRecord(of: task), today: today, now: now)
                task = outcome.task
            }
            if let importance = input.importance { task.importance = importance }
            if let target = input.region ?? (input.bucket != nil && task.dueDate == day ? task.region : nil) {
                try Board.place(&task, region: target, bucket: input.bucket, day: day,
                                occupants: try store.taskRepository.occupants(of: target, on: day), now: now)
            } else if input.bucket != nil {
                throw PlannerError.bucketNeedsRegion
            } else if task.dueDate != day {
                task.region = nil
                task.bucket = nil
                task.sortOrder = 0
                task.dueDate = day
                task.backlogSince = nil
            }
            outcome.task = task
            try saveDateChange(&outcome, in: work)
            return try reported(outcome)
        }
        return try TaskChange(change.task, in: self, change: change)
    }
}
