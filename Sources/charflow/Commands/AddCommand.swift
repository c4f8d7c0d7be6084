import CharflowApp

/// `charflow add TITLE ...`: a new task, on the board when a region is given.
enum AddCommand: Command {
    static let name = "add"
    static let usage = """
        charflow add TITLE [--region morning|afternoon|evening] [--bucket must|complementary|misc] \
        [--due DATE-WORD] [--importance low|medium|high] [--effort MINUTES|none] [--category NAME] \
        [--repeat none|daily|weekly[:ISO,..]|monthly] [--notes TEXT]
        """
    static let summary = "Add a task (to a region's bucket, or to the Backlog)"
    static let options: Set<String> = ["region", "bucket", "due", "importance", "effort", "notes", "category", "repeat"]
    static let maxWords = Int.max

    static func run(_ context: Context) throws {
        TaskChangeText.emit(try context.app().add(context.request), verb: "Added", output: context.output)
    }
}
