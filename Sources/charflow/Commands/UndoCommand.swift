import CharflowApp

/// `charflow undo`: revert the most recent action.
enum UndoCommand: Command {
    static let name = "undo"
    static let usage = "charflow undo"
    static let summary = "Undo the most recent change"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let undone = try context.app().undo()
        context.output.emit(text: "Undid \(undone.label).", json: undone.json)
    }
}
