import CharflowApp
import CharflowCore

/// `charflow group archive NAME`.
enum GroupArchiveCommand: TypedCommand {
    static let name = "group archive"
    typealias Input = ArchiveGroup.Input
    static let positions = ["group..."]
    static let usage = GroupCommand.usage
    static let summary = "Archive a habit group; its habits stay"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().archiveGroup(input)
        let title = report.archived?.title ?? ""
        context.output.emit(text: report.changed ? "Archived group \(title); its habits stay." : Messages.groupAlreadyAsAsked(title, archived: true),
                            json: report.json)
    }
}
