import CharflowApp

/// `charflow habit restore ID`.
enum HabitRestoreCommand: HabitSubcommand {
    static let name = "habit restore"
    typealias Input = RestoreHabit.Input
    static let summary = "Bring an archived habit back"

    static func run(_ input: Input, _ context: Context) throws {
        HabitCommand.emit(try context.app().restoreHabit(input), "Restored", output: context.output)
    }
}
