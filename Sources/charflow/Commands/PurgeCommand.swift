import CharflowApp

/// `charflow purge ID`: remove a task and its history for good.
enum PurgeCommand: Command {
    static let name = "purge"
    static let usage = "charflow purge ID"
    static let summary = "Remove a task and its history permanently (cannot be undone)"

    static func run(_ context: Context) throws {
        let purged = try context.app(for: .purge).purge(context.request)
        context.output.emit(text: "Purged \(purged.task.shortID) “\(purged.task.title)”. This cannot be undone.", json: purged.json)
    }
}
