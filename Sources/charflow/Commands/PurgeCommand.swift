import CharflowApp

/// `charflow purge ID`: remove a task and its history for good.
enum PurgeCommand: TypedCommand {
    static let name = "purge"
    typealias Input = PurgeTask.Input
    static let positions = ["task"]
    static let usage = "charflow purge ID"
    static let summary = "Remove a task and its history permanently (cannot be undone)"

    static func run(_ input: Input, _ context: Context) throws {
        let purged = try context.app().purgeTask(input)
        context.output.emit(text: "Purged \(purged.task.shortID) “\(purged.task.title)”. This cannot be undone.", json: purged.json)
    }
}
