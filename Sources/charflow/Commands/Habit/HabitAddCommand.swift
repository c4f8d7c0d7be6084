import CharflowApp

/// `charflow habit add TITLE [--preset P] [--kind K] [--target N] [--days|--weekdays|--per-week]
/// [--window W]... [--effort M|none] [--group NAME] [--notes TEXT]`.
enum HabitAddCommand: TypedCommand {
    static let name = "habit add"
    typealias Input = AddHabit.Input
    static let positions = ["title..."]
    static let usage = HabitCommand.usage
    static let summary = "Add a habit, or one of the presets"

    static func run(_ input: Input, _ context: Context) throws {
        HabitCommand.emit(try context.app().addHabit(input), "Added", output: context.output)
    }
}
