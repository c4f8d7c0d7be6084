import CharflowApp
import CharflowCore

/// `charflow habit log ID [--window LABEL] [--count N|--minutes N|--slip|--held|--undo] [--date D]`.
enum HabitLogCommand: HabitSubcommand {
    static let name = "habit log"
    typealias Input = LogHabit.Input
    static let summary = "Log a habit's day, or correct one of the last 14"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().logHabit(input)
        let name = report.window.label.isEmpty ? report.habit.title : "\(report.habit.title) (\(report.window.label))"
        let day = report.entry.date == report.today ? "today" : report.entry.date.description
        guard report.changed else {
            let when = report.entry.date == report.today ? "today" : "on \(report.entry.date)"
            return context.output.emit(text: Messages.nothingToTakeBack(name, day: when), json: report.json)
        }
        let amount = HabitWords.amount(kind: report.habit.kind, amount: report.entry.amount, target: report.entry.target,
                                       dayOver: report.entry.date < report.today)
        context.output.emit(text: "\(name): \(amount) \(day)\(report.held ? ", held" : "").", json: report.json)
    }
}
