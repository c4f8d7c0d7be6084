import CharflowApp

/// `charflow check ID N`: tick or untick checklist item N of a task's notes.
enum CheckCommand: Command {
    static let name = "check"
    static let usage = "charflow check ID N"
    static let summary = "Tick or untick checklist item N in a task's notes (see `charflow show ID`)"
    static let maxWords = 2

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .check).check(context.request), verb: "Checked", output: context.output)
    }
}
