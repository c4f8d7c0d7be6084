import CharflowApp
import CharflowCore

/// `charflow habit adopt TITLE|ID`: make a detected title a binary habit with backdated days.
enum HabitAdoptCommand: TypedCommand {
    static let name = "habit adopt"
    typealias Input = AdoptHabitOffer.Input
    static let positions = ["offer..."]
    static let usage = HabitCommand.usage
    static let summary = "Make a habit offered from repeated tasks a habit, with its days so far"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().adoptHabitOffer(input)
        HabitCommand.emit(report, "Adopted", output: context.output)
    }
}
