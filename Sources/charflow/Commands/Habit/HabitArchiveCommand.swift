import CharflowApp

/// `charflow habit archive ID`.
enum HabitArchiveCommand: HabitSubcommand {
    static let name = "habit archive"
    typealias Input = ArchiveHabit.Input
    static let summary = "Archive a habit; its history stays"

    static func run(_ input: Input, _ context: Context) throws {
        HabitCommand.emit(try context.app().archiveHabit(input), "Archived", output: context.output)
    }
}
