import CharflowApp
import CharflowCore

/// `charflow habit archive ID`.
enum HabitArchiveCommand: HabitSubcommand {
    static let name = "habit archive"
    typealias Input = ArchiveHabit.Input
    static let summary = "Archive a habit; its history stays"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().archiveHabit(input)
        guard report.changed else {
            return context.output.emit(text: Messages.habitAlreadyAsAsked(report.habit.title, archived: true), json: report.json)
        }
        HabitCommand.emit(report, "Archived", output: context.output)
    }
}
