import CharflowApp

/// `charflow defer ID [--to DATE-WORD] [--reason R] [--note TEXT]`: push a task to a later day.
enum DeferCommand: TypedCommand {
    static let name = "defer"
    typealias Input = DeferTask.Input
    static let positions = ["task"]
    static let usage = "charflow defer ID [--to DATE-WORD] [--reason too-much|not-ready|no-longer] [--note TEXT]"
    static let summary = "Defer a task: to tomorrow, or (from the 3rd time) to a day you pick"

    static func run(_ input: Input, _ context: Context) throws {
        let change = try context.app().deferTask(input)
        TaskChangeText.emit(change, verb: change.dateChange?.deferred == true ? "Deferred" : "Rescheduled", output: context.output)
    }
}
