import CharflowApp
import CharflowCore

/// `charflow add TITLE ...`: a new task, on the board when a region is given; `--parse LINE` reads the
/// page's quick-add grammar instead, and with `--dry-run` only prints what it read.
enum AddCommand: Command {
    static let name = "add"
    static let usage = """
        charflow add TITLE [--region morning|afternoon|evening] [--bucket must|complementary|misc] \
        [--due DATE-WORD] [--importance low|medium|high] [--effort MINUTES|none] [--category NAME] \
        [--repeat none|daily|weekly[:ISO,..]|monthly] [--notes TEXT] | add --parse "LINE" [--dry-run]
        """
    static let summary = "Add a task (to a region's bucket, or to the Backlog)"
    static let options: Set<String> = ["region", "bucket", "due", "importance", "effort", "notes", "category", "repeat", "parse", "dry-run"]
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        if context.args.has("dry-run") {
            // Refuses what the add would refuse, and creates no store (like `import --dry-run`).
            let report = try context.withDryRunApp { try $0.parseQuickAdd(context.request) }
            context.output.emit(text: Messages.quickAdd(report.line, dueDate: report.dueDate).joined(separator: "\n"), json: report.json())
            return
        }
        TaskChangeText.emit(try context.app().add(context.request), verb: "Added", output: context.output)
    }
}
