import CharflowApp

/// `charflow group restore NAME`.
enum GroupRestoreCommand: TypedCommand {
    static let name = "group restore"
    typealias Input = RestoreGroup.Input
    static let positions = ["group..."]
    static let usage = GroupCommand.usage
    static let summary = "Bring an archived habit group back"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().restoreGroup(input)
        context.output.emit(text: "Restored group \(report.restored?.title ?? "").", json: report.json)
    }
}
