import CharflowApp
import CharflowCore

/// `charflow habit pause ID --reason R [--from D] [--to RESUME-DAY]`.
enum HabitPauseCommand: HabitSubcommand {
    static let name = "habit pause"
    typealias Input = PauseHabit.Input
    static let summary = "Pause a habit for a while, with a reason"

    static func run(_ input: Input, _ context: Context) throws {
        // A pause without its reason is a usage error, refused before the store is opened.
        guard input.reason != nil else { throw UsageRefusal.missingOption("reason") }
        let paused = try context.app().pauseHabit(input)
        context.output.emit(text: "\(paused.habit.title): " + HabitWords.pausedLine(paused.standing)
                                + HabitWords.keptDaysLine(paused.keptDays), json: paused.json)
    }
}
