import CharflowApp

/// `charflow habit begin ID [--window LABEL] [--settle done|stop]`: a focus session on a timed habit.
enum HabitBeginCommand: HabitSubcommand {
    static let name = "habit begin"
    typealias Input = BeginHabitSession.Input
    static let summary = "Begin a focus session on a timed habit's window"

    static func run(_ input: Input, _ context: Context) throws {
        let begun = try context.app().beginHabitSession(input)
        context.output.emit(text: "Began “\(begun.title)”" + (begun.session.estimateMinutes.map { " — \($0) min." } ?? "."),
                            json: begun.json)
    }
}
