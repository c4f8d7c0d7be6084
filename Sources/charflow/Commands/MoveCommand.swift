import CharflowApp

/// `charflow move ID --region R [--bucket B] [--day D]`, `move ID --bucket B`, `move ID --backlog`.
enum MoveCommand: Command {
    static let name = "move"
    static let usage = "charflow move ID --region morning|afternoon|evening [--bucket B] [--day DATE] | move ID --bucket B | move ID --backlog"
    static let summary = "Place a task in a region or bucket, or take it to the Backlog"
    static let options: Set<String> = ["region", "bucket", "backlog", "day"]

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app(for: .move).move(context.request), verb: "Moved", output: context.output)
    }
}
