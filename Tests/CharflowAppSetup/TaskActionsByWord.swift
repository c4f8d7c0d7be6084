@testable import CharflowApp
import CharflowCore
@testable import CharflowStore
import Foundation

/// The task use cases, in the words these store tests were written in (a task by id prefix, a
/// category by name): they moved from `Store` to `CharflowApp`, and the store's tests that set a
/// store up through them, or check what their records hold, call them here. Nothing is stood in for:
/// each call is the use case itself, on this planner's store and clock.
extension Store {
    package struct NewTask {
        package var title: String
        package var notes: String?
        package var region: Region?
        package var bucket: Bucket?
        package var due: QuickDate?
        package var importance: Importance = .low
        package var effortMinutes: Int??
        package var category: String?
        package var repeatKind: RepeatKind = .none
        package var repeatWeekdays = ""

        package init(title: String) {
            self.title = title
        }
    }

    package struct TaskEdit {
        package var title: String?
        package var notes: String??
        package var due: QuickDate?
        package var importance: Importance?
        package var effortMinutes: Int??
        package var category: String??
        package var repeatKind: RepeatKind?
        package var repeatWeekdays = ""

        package init() {}
    }

    /// This store as the application layer holds it for one call.
    package var app: Charflow { Charflow(store: self) }

    /// Adds a task with the fields tests use most.
    @discardableResult
    package func add(
        _ title: String, region: Region? = nil, bucket: Bucket? = nil, due: QuickDate? = nil,
        importance: Importance = .low, notes: String? = nil
    ) throws -> TaskItem {
        var request = NewTask(title: title)
        request.region = region
        request.bucket = bucket
        request.due = due
        request.importance = importance
        request.notes = notes
        return try add(request)
    }

    @discardableResult
    package func add(_ request: NewTask) throws -> TaskItem {
        var input = AddTask.Input(title: request.title)
        input.notes = request.notes
        input.region = request.region
        input.bucket = request.bucket
        input.due = request.due
        input.importance = request.importance
        input.effort = request.effortMinutes.map { EffortChoice(minutes: $0) }
        input.repeat = RepeatChoice(kind: request.repeatKind, weekdays: request.repeatWeekdays)
        input.category = try request.category.map { try CategoryRef.reading($0) }
        return try app.addedTask(input)
    }

    @discardableResult
    package func edit(_ prefix: String, _ change: TaskEdit) throws -> TaskItem {
        try editReporting(prefix, change).task
    }

    package func editReporting(_ prefix: String, _ change: TaskEdit) throws -> DateChange {
        var input = EditTask.Input(task: try TaskRef.reading(prefix))
        input.title = change.title
        input.notes = change.notes.map { $0 ?? "" }
        input.due = change.due
        input.importance = change.importance
        input.effort = change.effortMinutes.map { EffortChoice(minutes: $0) }
        input.repeat = change.repeatKind.map { RepeatChoice(kind: $0, weekdays: change.repeatWeekdays) }
        input.category = try change.category.map { word in try word.map { try CategoryChoice.reading($0) } ?? CategoryChoice.none }
        return try app.editedTask(input)
    }

    @discardableResult
    package func deferTask(_ prefix: String, to word: QuickDate?, reason: DeferralReason?, note: String?) throws -> DateChange {
        return try app.deferredTask(DeferTask.Input(task: try TaskRef.reading(prefix), to: word, reason: reason, note: note))
    }

    @discardableResult
    package func complete(_ prefix: String) throws -> TaskItem {
        return try app.completeTask(CompleteTask.Input(task: try TaskRef.reading(prefix))).task
    }

    @discardableResult
    package func drop(_ prefix: String) throws -> TaskItem {
        return try app.dropTask(DropTask.Input(task: try TaskRef.reading(prefix))).task
    }

    @discardableResult
    package func uncomplete(_ prefix: String) throws -> TaskItem {
        return try app.reopenTask(ReopenTask.Input(task: try TaskRef.reading(prefix))).task
    }

    @discardableResult
    package func toggleChecklist(_ prefix: String, item number: Int) throws -> TaskItem {
        return try app.tickChecklistItem(TickChecklistItem.Input(task: try TaskRef.reading(prefix), item: number)).task
    }

    @discardableResult
    package func appendNote(_ prefix: String, _ text: String) throws -> TaskItem {
        return try app.addNote(AddNote.Input(task: try TaskRef.reading(prefix), text: text)).task
    }

    @discardableResult
    package func purge(_ prefix: String) throws -> TaskItem {
        return try app.purgeTask(PurgeTask.Input(task: try TaskRef.reading(prefix))).task
    }

    @discardableResult
    package func move(_ prefix: String, region: Region?, bucket: Bucket?, day: QuickDate? = nil) throws -> TaskItem {
        let input = MoveTask.Input(task: try TaskRef.reading(prefix), to: .board(region: region, bucket: bucket, day: day))
        return try app.moveTask(input).task
    }

    @discardableResult
    package func moveToBacklog(_ prefix: String) throws -> TaskItem {
        return try app.moveTask(MoveTask.Input(task: try TaskRef.reading(prefix), to: .backlog)).task
    }

    package func reorder(_ prefix: String, to position: Int) throws {
        try app.reorderTask(ReorderTask.Input(task: try TaskRef.reading(prefix), position: position))
    }

    package func backlog() throws -> [(group: BacklogGroup, tasks: [TaskItem])] {
        try app.backlog().groups
    }

    package func upcoming() throws -> [TaskItem] {
        try app.upcoming().tasks
    }

    package func list(all: Bool) throws -> [TaskItem] {
        try app.allTasks(includingResolved: all)
    }

    package func deferrals(of task: TaskItem) throws -> [DeferralRecord] {
        try taskRepository.deferrals(ofTask: task.id)
    }
}
