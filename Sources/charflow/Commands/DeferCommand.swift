import CharflowApp

/// `charflow defer ID [--to DATE-WORD] [--reason R] [--note TEXT]`: push a task to a later day.
enum DeferCommand: Command {
    static let name = "defer"
    static let usage = "charflow defer ID [--to DATE-WORD] [--reason too-much|not-ready|no-longer] [--note TEXT]"
    static let summary = "Defer a task: to tomorrow, or (from the 3rd time) to a day you pick"
    static let options: Set<String> = ["to", "reason", "note"]

    static func run(_ context: Context) throws {
        let change = try context.app(for: .deferTask).deferTask(context.request)
        TaskChangeText.emit(change, verb: change.dateChange?.deferred == true ? "Deferred" : "Rescheduled", output: context.output)
    }
}
