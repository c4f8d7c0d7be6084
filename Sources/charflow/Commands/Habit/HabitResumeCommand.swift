import CharflowApp

/// `charflow habit resume ID`.
enum HabitResumeCommand: HabitSubcommand {
    static let name = "habit resume"
    typealias Input = ResumeHabit.Input
    static let summary = "End a habit's pause from today"

    static func run(_ input: Input, _ context: Context) throws {
        HabitCommand.emit(try context.app().resumeHabit(input), "Resumed", output: context.output)
    }
}
