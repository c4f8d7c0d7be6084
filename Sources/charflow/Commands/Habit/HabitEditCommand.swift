import CharflowApp

/// `charflow habit edit ID` with the options of add (no preset) and `--title TEXT`; `--group none`
/// takes the habit out of its group.
enum HabitEditCommand: HabitSubcommand {
    static let name = "habit edit"
    typealias Input = EditHabit.Input
    static let summary = "Edit a habit: its title, schedule, target, effort, windows or group"

    static func run(_ input: Input, _ context: Context) throws {
        HabitCommand.emit(try context.app().editHabit(input), "Edited", output: context.output)
    }
}
