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
        input.effortMinutes = request.effortMinutes
        input.repeatKind = request.repeatKind
        input.repeatWeekdays = request.repeatWeekdays
        let app = app
        return try app.addedTask(try input.naming(category: request.category, in: app))
    }

    @discardableResult
    package func edit(_ prefix: String, _ change: TaskEdit) throws -> TaskItem {
        try editReporting(prefix, change).task
    }

    package func editReporting(_ prefix: String, _ change: TaskEdit) throws -> DateChange {
        let app = app
        let task = try app.task(matching: prefix)
        var input = EditTask.Input(task: task.id)
        input.title = change.title
        input.notes = change.notes
        input.due = change.due
        input.importance = change.importance
        input.effortMinutes = change.effortMinutes
        input.repeatKind = change.repeatKind
        input.repeatWeekdays = change.repeatWeekdays
        return try app.editedTask(try input.naming(category: change.category, of: task, in: app))
    }

    @discardableResult
    package func deferTask(_ prefix: String, to word: QuickDate?, reason: DeferralReason?, note: String?) throws -> DateChange {
        let app = app
        return try app.deferredTask(DeferTask.Input(task: try app.taskID(matching: prefix), to: word, reason: reason, note: note))
    }

    @discardableResult
    package func complete(_ prefix: String) throws -> TaskItem {
        let app = app
        return try app.completeTask(CompleteTask.Input(task: try app.taskID(matching: prefix))).task
    }

    @discardableResult
    package func drop(_ prefix: String) throws -> TaskItem {
        let app = app
        return try app.dropTask(DropTask.Input(task: try app.taskID(matching: prefix))).task
    }

    @discardableResult
    package func uncomplete(_ prefix: String) throws -> TaskItem {
        let app = app
        return try app.reopenTask(ReopenTask.Input(task: try app.taskID(matching: prefix))).task
    }

    @discardableResult
    package func toggleChecklist(_ prefix: String, item number: Int) throws -> TaskItem {
        let app = app
        return try app.tickChecklistItem(TickChecklistItem.Input(task: try app.taskID(matching: prefix), item: number)).task
    }

    @discardableResult
    package func appendNote(_ prefix: String, _ text: String) throws -> TaskItem {
        let app = app
        return try app.addNote(AddNote.Input(task: try app.taskID(matching: prefix), text: text)).task
    }

    @discardableResult
    package func purge(_ prefix: String) throws -> TaskItem {
        let app = app
        return try app.purgeTask(PurgeTask.Input(task: try app.taskID(matching: prefix))).task
    }

    @discardableResult
    package func move(_ prefix: String, region: Region?, bucket: Bucket?, day: QuickDate? = nil) throws -> TaskItem {
        let app = app
        let input = MoveTask.Input(task: try app.taskID(matching: prefix), to: .board(region: region, bucket: bucket, day: day))
        return try app.moveTask(input).task
    }

    @discardableResult
    package func moveToBacklog(_ prefix: String) throws -> TaskItem {
        let app = app
        return try app.moveTask(MoveTask.Input(task: try app.taskID(matching: prefix), to: .backlog)).task
    }

    package func reorder(_ prefix: String, to position: Int) throws {
        let app = app
        try app.reorderTask(ReorderTask.Input(task: try app.taskID(matching: prefix), position: position))
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
