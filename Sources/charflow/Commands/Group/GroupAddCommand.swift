import CharflowApp

/// `charflow group add NAME`.
enum GroupAddCommand: TypedCommand {
    static let name = "group add"
    typealias Input = AddGroup.Input
    static let positions = ["name..."]
    static let usage = GroupCommand.usage
    static let summary = "Add a habit group"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().addGroup(input)
        context.output.emit(text: "Added group \(report.added?.title ?? "").", json: report.json)
    }
}
