import CharflowApp
import CharflowCore

/// `charflow add TITLE ...`: a new task, on the board when a region is given; `--parse LINE` reads the
/// page's quick-add grammar instead, and with `--dry-run` only prints what it read.
enum AddCommand: TypedCommand {
    static let name = "add"
    static let positions = ["title..."]
    static let usage = """
        charflow add TITLE [--region morning|afternoon|evening] [--bucket must|complementary|misc] \
        [--due DATE-WORD] [--importance low|medium|high] [--effort MINUTES|none] [--category NAME] \
        [--repeat none|daily|weekly[:ISO,..]|monthly] [--notes TEXT] | add --parse "LINE" [--dry-run]
        """
    static let summary = "Add a task (to a region's bucket, or to the Backlog)"

    /// The add, and whether only to print what a quick-add line reads (`--dry-run`).
    struct Input: Decodable {
        var add: AddTask.Input
        var dryRun: Bool

        enum CodingKeys: String, CodingKey {
            case dryRun = "dry-run"
        }

        init(from decoder: any Decoder) throws {
            add = try AddTask.Input(from: decoder)
            dryRun = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Bool.self, forKey: .dryRun) ?? false
        }
    }

    static func run(_ input: Input, _ context: Context) throws {
        if input.dryRun {
            // Refuses what the add would refuse, and creates no store (like `import --dry-run`).
            let report = try context.withDryRunApp { try $0.previewQuickAdd(input.add) }
            context.output.emit(text: Messages.quickAdd(report.line, dueDate: report.dueDate,
                                                                  place: report.region.flatMap { region in report.bucket.map { (region, $0) } }).joinedText(separator: "\n"), json: report.json)
            return
        }
        let app = try context.app()
        let change = try app.addTask(input.add)
        var text = TaskChangeText.text(change, verb: "Added", output: context.output)
        // No effort given: the learned one is offered in a line when it differs, never set.
        if input.add.effort == nil, let learned = try app.learnedEffort(title: change.task.title, series: change.task.seriesID,
                                                                        otherThan: change.task.id),
           learned != change.task.effortMinutes {
            text += "\nEffort: \(ReviewWords.learnedEffort(minutes: learned)) (`charflow edit \(context.output.taskShortID(change.task.id)) --effort \(learned)` sets it)."
        }
        context.output.emit(text: text, json: change.json)
    }
}
