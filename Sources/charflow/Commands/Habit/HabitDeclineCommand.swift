import CharflowApp
import CharflowCore

/// `charflow habit decline TITLE|ID`: never offer that title as a habit again.
enum HabitDeclineCommand: TypedCommand {
    static let name = "habit decline"
    typealias Input = DeclineHabitOffer.Input
    static let positions = ["offer..."]
    static let usage = HabitCommand.usage
    static let summary = "Never offer a title as a habit again"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().declineHabitOffer(input)
        let text = report.changed ? "“\(report.title)” won't be offered as a habit again."
            : "“\(report.title)” was declined before; it isn't offered."
        context.output.emit(text: text, json: report.json)
    }
}
