import CharflowApp

/// `charflow habit list [--all]`: what `charflow habits` shows, refused with the usage of `habit`.
enum HabitListCommand: TypedCommand {
    static let name = "habit list"
    typealias Input = ReadHabits.Input
    static let usage = HabitCommand.usage
    static let summary = HabitsCommand.summary

    static func run(_ input: Input, _ context: Context) throws {
        try HabitsCommand.run(input, context)
    }
}
