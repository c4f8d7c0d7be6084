import CharflowApp
import CharflowCore

/// `charflow habit restore ID`.
enum HabitRestoreCommand: HabitSubcommand {
    static let name = "habit restore"
    typealias Input = RestoreHabit.Input
    static let summary = "Bring an archived habit back"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().restoreHabit(input)
        guard report.changed else {
            return context.output.emit(text: Messages.habitAlreadyAsAsked(report.habit.title, archived: false), json: report.json)
        }
        HabitCommand.emit(report, "Restored", output: context.output)
    }
}
