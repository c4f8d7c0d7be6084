import CharflowCore
import CharflowStore
import Foundation

/// The task use cases: add, edit, complete, move, defer, note, delete, purge.
extension Charflow {
    /// A new task from a title and the add options, or from a quick-add line (`parse`); on the board
    /// when a region is given.
    public func add(_ request: Request) throws -> TaskChange {
        if let line = request.value("parse") {
            return try add(try request.quickAdd(try QuickAddLine.parse(line)))
        }
        // `add Buy milk` and `add "Buy milk"` mean the same.
        var task = Planner.NewTask(title: request.words.joined(separator: " "))
        task.region = try request.region()
        task.bucket = try request.bucket()
        task.due = try request.dateWord("due")
        task.importance = try request.importance() ?? .low
        task.effortMinutes = try request.effort()
        task.notes = request.value("notes")
        task.category = request.value("category")
        if let (kind, weekdays) = try request.repeatRule() {
            task.repeatKind = kind
            task.repeatWeekdays = weekdays
        }
        return try TaskChange(try planner.add(task), in: self)
    }

    /// Changes a task's title, notes (empty clears them), day, importance, effort, category or repeat.
    public func edit(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        var change = Planner.TaskEdit()
        change.title = request.value("title")
        if let notes = request.value("notes") { change.notes = .some(notes) }
        change.due = try request.dateWord("due")
        change.importance = try request.importance()
        change.effortMinutes = try request.effort()
        if let category = request.value("category") {
            change.category = .some(category.lowercased() == "none" ? nil : category)
        }
        if let (kind, weekdays) = try request.repeatRule() {
            change.repeatKind = kind
            change.repeatWeekdays = weekdays
        }
        guard change.title != nil || change.notes != nil || change.due != nil || change.importance != nil
                || change.effortMinutes != nil || change.category != nil || change.repeatKind != nil else {
            throw RequestError.nothingToChange
        }
        let result = try planner.editReporting(word, change)
        return try TaskChange(result.task, in: self, change: result)
    }

    public func complete(_ request: Request) throws -> TaskChange {
        try TaskChange(try planner.complete(try request.subject("task")), in: self)
    }

    public func uncomplete(_ request: Request) throws -> TaskChange {
        try TaskChange(try planner.uncomplete(try request.subject("task")), in: self)
    }

    /// Places a task in a region or bucket (of today, or `day`), or takes it to the Backlog.
    public func move(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        let region = try request.region()
        let bucket = try request.bucket()
        let day = try request.dateWord("day")
        let toBacklog = request.has("backlog")
        if toBacklog, region != nil || bucket != nil || day != nil { throw RequestError.backlogTakesNoPlace }
        guard toBacklog || region != nil || bucket != nil else { throw RequestError.chooseOne(["region", "bucket", "backlog"]) }
        let task = toBacklog ? try planner.moveToBacklog(word) : try planner.move(word, region: region, bucket: bucket, day: day)
        return try TaskChange(task, in: self)
    }

    /// Moves a task to a position (from 1) within its bucket.
    public func reorder(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        guard let text = request.value("position") else { throw RequestError.missingOption("position") }
        guard let position = try WholeNumber.parse(text, what: "a position", in: WholeNumber.position) else {
            throw RequestError.notANumber(option: "position", given: text)
        }
        try planner.reorder(word, to: position)
        return try TaskChange(try planner.task(matching: word), in: self)
    }

    /// Defers a task: to tomorrow, or (from the third time) to a chosen day, with an optional reason.
    public func deferTask(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        let target = try request.dateWord("to")
        let reason = try request.reason()
        let result = try planner.deferTask(word, to: target, reason: reason, note: request.value("note"))
        return try TaskChange(result.task, in: self, change: result)
    }

    /// Appends a timestamped line (the words after the task) to a task's notes.
    public func appendNote(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        return try TaskChange(try planner.appendNote(word, request.words.dropFirst().joined(separator: " ")), in: self)
    }

    /// Ticks or unticks checklist item N (the second word) of a task's notes.
    public func check(_ request: Request) throws -> TaskChange {
        let word = try request.subject("task")
        guard request.words.count == 2,
              let number = try WholeNumber.parse(request.words[1], what: "a checklist item", in: WholeNumber.checklistItem) else {
            throw RequestError.missing("item")
        }
        return try TaskChange(try planner.toggleChecklist(word, item: number), in: self)
    }

    /// Drops a task (kept for history; undo brings it back).
    public func delete(_ request: Request) throws -> TaskChange {
        try TaskChange(try planner.drop(try request.subject("task")), in: self)
    }

    /// Removes a task and its history for good.
    public func purge(_ request: Request) throws -> Purged {
        let task = try planner.purge(try request.subject("task"))
        return Purged(task: task, json: .object([("purged", .string(task.id.lowercasedText))]))
    }
}

/// A purged task, as it was.
public struct Purged {
    public let task: TaskItem
    public let json: JSONValue
}
