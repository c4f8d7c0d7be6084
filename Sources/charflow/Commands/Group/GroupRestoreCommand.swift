import CharflowApp
import CharflowCore

/// `charflow group restore NAME`.
enum GroupRestoreCommand: TypedCommand {
    static let name = "group restore"
    typealias Input = RestoreGroup.Input
    static let positions = ["group..."]
    static let usage = GroupCommand.usage
    static let summary = "Bring an archived habit group back"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().restoreGroup(input)
        let title = report.restored?.title ?? ""
        context.output.emit(text: report.changed ? "Restored group \(title)." : Messages.groupAlreadyAsAsked(title, archived: false),
                            json: report.json)
    }
}
