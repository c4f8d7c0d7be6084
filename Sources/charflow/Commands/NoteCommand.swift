import CharflowApp

/// `charflow note ID TEXT`: append a timestamped line to a task's notes.
enum NoteCommand: Command {
    static let name = "note"
    static let usage = "charflow note ID TEXT"
    static let summary = "Append a timestamped line to a task's notes"
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .note).appendNote(context.request), verb: "Noted", output: context.output)
    }
}
