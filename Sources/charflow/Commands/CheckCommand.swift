import CharflowApp

/// `charflow check ID N`: tick or untick checklist item N of a task's notes.
enum CheckCommand: Command {
    static let name = "check"
    static let usage = "charflow check ID N"
    static let summary = "Tick or untick checklist item N in a task's notes (see `charflow show ID`)"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        let request = context.request
        _ = try request.subject("task")
        guard request.words.count == 2, Int(request.words[1]) != nil else { throw RequestError.missing("item") }
        TaskChangeText.emit(try context.app().check(request), verb: "Checked", output: context.output)
    }
}
