import CharflowApp

/// `charflow note ID TEXT`: append a timestamped line to a task's notes.
enum NoteCommand: TypedCommand {
    static let name = "note"
    typealias Input = AddNote.Input
    static let positions = ["task", "text..."]
    static let usage = "charflow note ID TEXT"
    static let summary = "Append a timestamped line to a task's notes"

    static func run(_ input: Input, _ context: Context) throws {
        TaskChangeText.emit(try context.app().addNote(input), verb: "Noted", output: context.output)
    }
}
