import CharflowApp

/// `charflow group archive NAME`.
enum GroupArchiveCommand: TypedCommand {
    static let name = "group archive"
    typealias Input = ArchiveGroup.Input
    static let positions = ["group..."]
    static let usage = GroupCommand.usage
    static let summary = "Archive a habit group; its habits stay"

    static func run(_ input: Input, _ context: Context) throws {
        let report = try context.app().archiveGroup(input)
        context.output.emit(text: "Archived group \(report.archived?.title ?? ""); its habits stay.", json: report.json)
    }
}
