import CharflowApp

/// `charflow undo [--action N]`: revert the most recent action, or the one a change's JSON named.
enum UndoCommand: Command {
    static let name = "undo"
    static let usage = "charflow undo [--action N]"
    static let options: Set<String> = ["action"]
    static let summary = "Undo the most recent change"
    static let maxWords = 0

    static func run(_ context: Context) throws {
        let undone = try context.app().undo(context.request)
        context.output.emit(text: "Undid \(undone.label).", json: undone.json)
    }
}
