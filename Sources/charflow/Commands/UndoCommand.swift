import CharflowApp

/// `charflow undo [--action N]`: revert the most recent action, or the one a change's JSON named.
enum UndoCommand: TypedCommand {
    static let name = "undo"
    typealias Input = UndoAction.Input
    static let usage = "charflow undo [--action N]"
    static let summary = "Undo the most recent change"

    static func run(_ input: Input, _ context: Context) throws {
        let undone = try context.app().undo(input)
        context.output.emit(text: "Undid \(undone.label).", json: undone.json)
    }
}
